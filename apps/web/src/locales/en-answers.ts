// What the POS screen needs to show a server's answer in English: the patterns and field labels
// the server's texts are matched with (the messages themselves are the contract's MSG, and the
// schemas' texts are shown as written). The till loads it when an answer with a message is to be
// shown, not with its screen (`en-pos.ts`); the back office has these namespaces in its own parts.
import { MSG } from "@app/contracts";

// English server texts are the contract's own words (only ar and ckb carry translations of them).
export default {
  ...import.meta.glob<Record<string, unknown>>("./en/{fields,validation,refusals}.json", {
    eager: true,
    import: "default",
  }),
  "./en/messages.json": { ...MSG },
};
