import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { changeText } from "./PaidPanel";

describe("the change shown after payment", () => {
  it("reads as the cashier hands it over: IQD alone, or whole dollars and the rest in IQD", () => {
    expect(changeText({ currency_id: CURRENCY_IQD, amount: "4250", amount_iqd: "0" })).toBe("4,250 IQD");
    expect(changeText({ currency_id: CURRENCY_IQD, amount: "0", amount_iqd: "0" })).toBe("0 IQD");
    expect(changeText({ currency_id: CURRENCY_USD, amount: "3", amount_iqd: "1250" })).toBe("3 USD + 1,250 IQD");
    expect(changeText({ currency_id: CURRENCY_USD, amount: "12.5", amount_iqd: "0" })).toBe("12.5 USD");
  });
});
