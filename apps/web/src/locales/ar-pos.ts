// The namespaces the POS screen shows by itself, in one chunk: the till loads this and none of the
// back office's texts (not even the sign-in page's, `ar.ts`). What it needs to show a server's
// answer is `ar-answers.ts`, loaded when an answer is to be shown.
export default import.meta.glob<Record<string, unknown>>("./ar/{common,pos,seeded}.json", {
  eager: true,
  import: "default",
});
