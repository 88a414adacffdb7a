// The namespaces the sign-in page reads, in one chunk loaded when the language is chosen; the
// others (`ar-more.ts`) load with the signed-in frame or a language switch.
export default import.meta.glob<Record<string, unknown>>("./ar/{auth,common,fields,messages,validation}.json", {
  eager: true,
  import: "default",
});
