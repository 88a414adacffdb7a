import { ZCashTransaction, ZConsumerTransaction, ZCreateUser, ZMoneyDoc } from "@app/contracts";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { issueMessages, useZodForm } from "./useZodForm";

const messagesOf = (schema: { safeParse: (v: unknown) => { error?: { issues: unknown[] } } }, input: Record<string, unknown>) =>
  issueMessages((schema.safeParse(input).error?.issues ?? []) as Parameters<typeof issueMessages>[0], input);

describe("issueMessages", () => {
  it("an empty amount is required, not a badly written number", () => {
    const transfer = { from_account_id: 1, to_account_id: 2, amount: "" };
    expect(messagesOf(ZCashTransaction, transfer).amount).toBe("The amount field is required.");
    const receipt = { consumer_id: 1, account_id: 1, currency_id: 1, amount: "  " };
    expect(messagesOf(ZConsumerTransaction, receipt).amount).toBe("The amount field is required.");
    const expense = { type_id: 1, account_id: 1, currency_id: 1, payment_time: "10:00", amount: null };
    expect(messagesOf(ZMoneyDoc, expense).amount).toBe("The amount field is required.");
  });

  it("a value that is there keeps the schema's own message", () => {
    const transfer = { from_account_id: 1, to_account_id: 2, amount: "abc" };
    expect(messagesOf(ZCashTransaction, transfer).amount).toBe("must be a number with at most 3 decimals");
    expect(messagesOf(ZCashTransaction, { ...transfer, amount: "-5" }).amount).toBe("must be a number with at most 3 decimals");
    expect(messagesOf(ZCashTransaction, { ...transfer, amount: "0" }).amount).toBe("must be greater than 0");
  });

  it("a field with a required text of its own keeps it, and each field shows its first message", () => {
    const m = messagesOf(ZCashTransaction, { from_account_id: "", to_account_id: null, amount: "1" });
    expect(m.from_account_id).toBe("The from account field is required.");
    expect(m.to_account_id).toBe("The to account field is required.");
    expect(messagesOf(ZMoneyDoc, { type_id: 1, account_id: 1, currency_id: 1, amount: "5", payment_time: "" }).payment_time).toBe(
      "Payment Time is a required field",
    );
  });
});

describe("issueMessages of a list's rows", () => {
  it("an empty value inside a list is required, not badly written", () => {
    const issues = [{ code: "custom", path: ["lines", 0, "price"], message: "must be a number with at most 2 decimals", input: "" }];
    expect(issueMessages(issues as never, { lines: [{ price: "" }] }).lines).toBe("This field is required.");
    expect(issueMessages(issues as never, { lines: [{ price: "1.234" }] }).lines).toBe("must be a number with at most 2 decimals");
  });
});

describe("issueMessages keeps texts that name their field", () => {
  it("an empty e-mail keeps the schema's e-mail text", () => {
    const m = messagesOf(ZCreateUser, { user_name: "", email: "", password: "" });
    expect(m.email).toBe("The email must be a valid email address.");
    expect(m.user_name).toBe("The user name field is required.");
  });
});

describe("a record read again", () => {
  const record = { name: "Zanko Pharmacy", mobile: "0750 111 2233", lines: [{ price: "1000" }] };

  it("takes every field the first time, and after that keeps what was typed while the rest follow the server", () => {
    const { result } = renderHook(() => useZodForm({ name: "", mobile: "", lines: [] as { price: string }[] }));
    // A field an input settles on before the record arrives does not count as typed in.
    act(() => result.current.set("mobile", ""));
    act(() => result.current.load(record));
    expect(result.current.values).toEqual(record);

    act(() => result.current.set("name", "Zanko Pharmacy (Erbil)"));
    act(() => result.current.setErrors({ name: "The name has already been taken.", mobile: "The mobile is invalid." }));
    // Someone else saved the record meanwhile: a new mobile and price, and another name.
    act(() => result.current.load({ name: "Zanko", mobile: "0750 999 8877", lines: [{ price: "1250" }] }));
    expect(result.current.values).toEqual({ name: "Zanko Pharmacy (Erbil)", mobile: "0750 999 8877", lines: [{ price: "1250" }] });
    expect(result.current.errors).toEqual({ name: "The name has already been taken." });

    // A list typed into keeps the whole list.
    act(() => result.current.set("lines", [{ price: "1300" }]));
    act(() => result.current.load({ name: "Zanko", mobile: "0750 999 8877", lines: [{ price: "1500" }] }));
    expect(result.current.values.lines).toEqual([{ price: "1300" }]);
  });

  it("after a reset the next record is taken whole", () => {
    const { result } = renderHook(() => useZodForm({ name: "", mobile: "", lines: [] as { price: string }[] }));
    act(() => result.current.load(record));
    act(() => result.current.set("name", "typed"));
    act(() => result.current.reset({ name: "", mobile: "", lines: [] }));
    act(() => result.current.load(record));
    expect(result.current.values).toEqual(record);
  });
});

describe("a line's message", () => {
  it("goes when the line is put right, though the server names the field otherwise (item_fk for the line's item)", () => {
    const { result } = renderHook(() =>
      useZodForm({
        lines: [
          { item: null as string | null, quantity: "1" },
          { item: "Soap", quantity: "" },
        ],
      }),
    );
    act(() =>
      result.current.setErrors({ "lines.0.item_fk": "The selected item is invalid.", "lines.1.quantity": "This field is required." }),
    );
    // Typing in the other line leaves this line's message.
    act(() => result.current.set("lines", [result.current.values.lines[0]!, { item: "Soap", quantity: "2" }]));
    expect(result.current.errors).toEqual({ "lines.0.item_fk": "The selected item is invalid." });
    act(() => result.current.set("lines", [{ item: "Amoxicillin", quantity: "1" }, result.current.values.lines[1]!]));
    expect(result.current.errors).toEqual({});
  });
});
