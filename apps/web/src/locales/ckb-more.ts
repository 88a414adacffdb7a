// Every namespace of one language but the sign-in page's (`ckb.ts`), in one chunk.
export default import.meta.glob<Record<string, unknown>>(["./ckb/*.json", "!./ckb/{auth,common,fields,messages,validation}.json"], {
  eager: true,
  import: "default",
});
