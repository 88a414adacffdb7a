// What the POS screen needs to show a server's answer in this language: the translations of the
// server's messages and of the shared schemas' texts, with the patterns and field labels they are
// built from. The till loads it when an answer with a message is to be shown, not with its screen
// (`ar-pos.ts`); the back office has these namespaces in its own parts.
export default import.meta.glob<Record<string, unknown>>("./ar/{fields,messages,validation,refusals,schematexts}.json", {
  eager: true,
  import: "default",
});
