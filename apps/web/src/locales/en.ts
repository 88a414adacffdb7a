// The namespaces the sign-in page reads, in one chunk loaded when the language is chosen; the
// others (`en-more.ts`) load with the signed-in frame or a language switch.
import { MSG } from "@app/contracts";

// English server texts are the contract's own words (only ar and ckb carry translations of them).
export default {
  ...import.meta.glob<Record<string, unknown>>("./en/{auth,common,fields,messages,validation}.json", {
    eager: true,
    import: "default",
  }),
  "./en/messages.json": { ...MSG },
};
