import { MSG, POS_MSG } from "@app/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n, { setTextScope, translateMessage } from "../../app/i18n";
import { ApiError, api } from "../../shared/api/client";
import { errorText } from "../../shared/notify";
import { sendSale } from "./posSession";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** What the POS screen's own texts leave out: it loads them when a server's answer is to be shown. */
const ANSWER_NAMESPACES = ["fields", "messages", "validation", "refusals", "schematexts"];
const taken: [string, string, unknown][] = [];

const STOCK = "Not enough stock of Soap in Main Inventory: 2 on hand.";
const FORBIDDEN_AR = "لا تملك صلاحية لهذا الإجراء.";
const STOCK_AR = "لا يوجد مخزون كافٍ من Soap في المخزن الرئيسي: الكمية المتوفرة 2.";
const REVIEWED_CKB = "بۆ پێداچوونەوە نێردرا بۆ بەڕێوەبەر.";

describe("the POS screen on its own, in Arabic and Kurdish, before a server's answer", () => {
  // The tests load every text up front: the till opened on its own has only its screen's.
  beforeAll(() => {
    setTextScope("pos");
    for (const lang of ["ar", "ckb"])
      for (const ns of ANSWER_NAMESPACES) {
        taken.push([lang, ns, i18n.getResourceBundle(lang, ns)]);
        i18n.removeResourceBundle(lang, ns);
      }
  });
  afterAll(async () => {
    for (const [lang, ns, bundle] of taken) i18n.addResourceBundle(lang, ns, bundle, true, true);
    setTextScope("all");
    await i18n.changeLanguage("en");
  });
  afterEach(() => vi.restoreAllMocks());

  it("an error answer is handed on once its texts are in, so its message shows in Arabic", async () => {
    await i18n.changeLanguage("ar");
    // Not yet in: the messages would not show in Arabic.
    expect(translateMessage(MSG.forbidden)).not.toBe(FORBIDDEN_AR);
    expect(translateMessage(STOCK)).not.toBe(STOCK_AR);

    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(403, { message: MSG.forbidden }));
    const refused = await api("pos_sales", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(errorText(refused)).toBe(FORBIDDEN_AR);

    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(422, { message: STOCK }));
    const answer = await sendSale("k-1", {});
    expect(answer.status).toBe(422);
    expect(translateMessage(answer.body.message ?? "")).toBe(STOCK_AR);
  });

  it("a sale kept for review is handed on once its texts are in, so its message shows in Kurdish", async () => {
    await i18n.changeLanguage("ckb");
    expect(translateMessage(POS_MSG.reviewed)).not.toBe(REVIEWED_CKB);

    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(202, { message: POS_MSG.reviewed, data: { reason: STOCK } }));
    const answer = await sendSale("k-2", {});
    expect(answer.status).toBe(202);
    expect(translateMessage(answer.body.message ?? "")).toBe(REVIEWED_CKB);
  });
});
