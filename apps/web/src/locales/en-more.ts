// Every namespace of one language but the sign-in page's (`en.ts`), in one chunk.
export default import.meta.glob<Record<string, unknown>>(["./en/*.json", "!./en/{auth,common,fields,messages,validation}.json"], {
  eager: true,
  import: "default",
});
