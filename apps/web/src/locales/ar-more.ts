// Every namespace of one language but the sign-in page's (`ar.ts`), in one chunk.
export default import.meta.glob<Record<string, unknown>>(["./ar/*.json", "!./ar/{auth,common,fields,messages,validation}.json"], {
  eager: true,
  import: "default",
});
