// Every namespace of one language in one chunk, loaded when the language is chosen.
export default import.meta.glob<Record<string, unknown>>("./ar/*.json", { eager: true, import: "default" });
