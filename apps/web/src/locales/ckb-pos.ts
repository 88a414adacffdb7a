// Every namespace the POS screen reads, in one chunk: the till loads this and none of the back
// office's texts (not even the sign-in page's, `ckb.ts`).
export default import.meta.glob<Record<string, unknown>>("./ckb/{common,fields,messages,validation,pos,seeded,schematexts}.json", {
  eager: true,
  import: "default",
});
