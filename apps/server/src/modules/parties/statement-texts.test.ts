import { SEEDED_WALKIN_CUSTOMER_NAME } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { statementDescription } from "./statement-texts.js";

describe("statement lines in the reader's language", () => {
  it("translates what the ledger stores, names kept", () => {
    expect(statementDescription("Receipt from Ahmed", "ar")).toBe("قبض من Ahmed");
    expect(statementDescription("Payment to Sara", "ckb")).toBe("پارەدان بە Sara");
    expect(statementDescription("Reversal: Receipt from Ahmed", "ar")).toBe("عكس: قبض من Ahmed");
    expect(statementDescription("Opening balance", "ckb")).toBe("باڵانسی سەرەتایی");
    expect(statementDescription(`Receipt from ${SEEDED_WALKIN_CUSTOMER_NAME}`, "ar")).toBe("قبض من زبون نقدي");
    expect(statementDescription("Purchase PU-12 from Ali", "ar")).toBe("مشتريات PU-12 من Ali");
    expect(statementDescription("Reversal: Apply cost: Purchase 7 from Ali", "ckb")).toBe(
      "پێچەوانەکردنەوە: جێبەجێکردنی تێچوو: کڕینی 7 لە Ali",
    );
    expect(statementDescription("Purchase return to Ali", "ar")).toBe("مرتجع مشتريات إلى Ali");
    expect(statementDescription("Sale SAL-000012 to Ali", "ar")).toBe("مبيعات SAL-000012 إلى Ali");
    expect(statementDescription("Sale return SRT-000004 from Ali", "ar")).toBe("مرتجع مبيعات SRT-000004 من Ali");
    expect(statementDescription("Reversal: Sale return SRT-000004 from Ali", "ckb")).toBe(
      "پێچەوانەکردنەوە: گەڕاندنەوەی فرۆشتنی SRT-000004 لە Ali",
    );
    expect(statementDescription("Sale payment SAL-000012 from Ali", "ar")).toBe("دفعة مبيعات SAL-000012 من Ali");
    expect(statementDescription("Reversal: Purchase payment PUR-000003 to Ali", "ckb")).toBe(
      "پێچەوانەکردنەوە: پارەدانی کڕینی PUR-000003 بۆ Ali",
    );
    // Returns posted before they were named by their number still read.
    expect(statementDescription("Sale return from Ali", "ar")).toBe("مرتجع مبيعات من Ali");
    expect(statementDescription(`Reversal: Sale SAL-3-000001 to ${SEEDED_WALKIN_CUSTOMER_NAME}`, "ckb")).toBe(
      "پێچەوانەکردنەوە: فرۆشتنی SAL-3-000001 بۆ کڕیاری نەقد",
    );
  });
  it("leaves English and unknown texts as they are", () => {
    expect(statementDescription("Receipt from Ahmed", "en")).toBe("Receipt from Ahmed");
    expect(statementDescription("Invoice 12", "ar")).toBe("Invoice 12");
  });
});
