// The POS screen's own namespaces beyond the sign-in page's (`ckb.ts`): the till loads these and
// not the rest of the back office's texts.
export default import.meta.glob<Record<string, unknown>>("./ckb/{pos,seeded,schematexts}.json", {
  eager: true,
  import: "default",
});
