import { describe, expect, it } from "vitest";
import { ZChangePassword, ZLogin } from "./auth.js";
import { ZId, zDecimal, zDmyDate, zNote } from "./common.js";
import { MSG } from "./messages.js";
import { ZCreateUser, ZPin, ZRole, ZUpdateUser } from "./staff.js";

const firstMessage = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path.join(".") === field)?.message;

describe("DD/MM/YYYY dates", () => {
  it("parses a valid date to YYYY-MM-DD", () => {
    expect(zDmyDate.parse("29/02/2024")).toBe("2024-02-29");
    expect(zDmyDate.parse("01/12/1990")).toBe("1990-12-01");
  });

  it("refuses other formats and impossible dates", () => {
    for (const bad of ["2024-02-01", "1/2/2024", "29/02/2023", "31/04/2024", "00/01/2024", "12/13/2024", "aa/bb/cccc", ""]) {
      expect(zDmyDate.safeParse(bad).success, bad).toBe(false);
    }
    expect(zDmyDate.safeParse("2024-02-01").error?.issues[0]?.message).toBe("must be a date in the format DD/MM/YYYY");
    expect(zDmyDate.safeParse("30/02/2024").error?.issues[0]?.message).toBe("must be a valid date");
  });
});

const baseUser = { user_name: "sam", email: "sam@example.com", new_password: "abcd", new_password_confirmation: "abcd" };

describe("staff schema", () => {
  it("accepts commission percentages from 0 to 100 with two decimals", () => {
    for (const v of ["0", "100", "55.55", 12, 0]) {
      const r = ZCreateUser.safeParse({ ...baseUser, sale_man_commission_percentage: v, sale_man_commission_percentage_3: v });
      expect(r.success, String(v)).toBe(true);
    }
  });

  it("asks a salesman's commission type (no commission is a choice), and nothing of one who is not a salesman", () => {
    const none = ZCreateUser.safeParse({ ...baseUser, is_salesman: true });
    expect(none.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["commission_type", "The commission type field is required."],
    ]);
    expect(ZUpdateUser.safeParse({ user_name: "sam", email: "sam@example.com", is_salesman: "true", commission_type: "" }).success).toBe(
      false,
    );
    expect(ZCreateUser.safeParse({ ...baseUser, is_salesman: true, commission_type: "no_commission" }).success).toBe(true);
    expect(ZCreateUser.safeParse({ ...baseUser, is_salesman: false }).success).toBe(true);
    expect(ZUpdateUser.safeParse({ user_name: "sam", email: "sam@example.com" }).success).toBe(true);
  });

  it("refuses commission percentages outside 0..100", () => {
    for (const v of ["-1", "100.01", "101", "abc", "1.234"]) {
      const r = ZCreateUser.safeParse({ ...baseUser, sale_man_commission_percentage_2: v });
      expect(r.success, v).toBe(false);
    }
    const r = ZCreateUser.safeParse({ ...baseUser, sale_man_commission_percentage_1: "150" });
    expect(firstMessage(r, "sale_man_commission_percentage_1")).toBe("must be between 0 and 100");
  });

  it("wants a new password of at least 4 characters, confirmed", () => {
    expect(firstMessage(ZCreateUser.safeParse({ ...baseUser, new_password: "abc" }), "new_password")).toBe(
      "The new password must be at least 4 characters.",
    );
    expect(firstMessage(ZCreateUser.safeParse({ ...baseUser, new_password_confirmation: "abce" }), "new_password_confirmation")).toBe(
      "The new password confirmation does not match.",
    );
    expect(ZCreateUser.safeParse({ user_name: "x", email: "x@example.com" }).success).toBe(false);
  });

  it("lets an update leave the password out, or blank", () => {
    expect(ZUpdateUser.safeParse({ user_name: "sam", email: "sam@example.com" }).success).toBe(true);
    const r = ZUpdateUser.parse({ user_name: "sam", email: "sam@example.com", new_password: "" });
    expect(r.new_password).toBeUndefined();
  });

  it("reads the date fields as DD/MM/YYYY and the enums of SPEC §3", () => {
    const r = ZCreateUser.parse({ ...baseUser, user_dob: "05/06/1990", gender: "Female", blood_group: "AB-", status: "blocked" });
    expect(r.user_dob).toBe("1990-06-05");
    expect(ZCreateUser.safeParse({ ...baseUser, user_dob: "1990-06-05" }).success).toBe(false);
    expect(ZCreateUser.safeParse({ ...baseUser, blood_group: "C+" }).success).toBe(false);
    expect(ZCreateUser.safeParse({ ...baseUser, status: "sleeping" }).success).toBe(false);
  });

  it("reads form booleans as their words", () => {
    expect(ZCreateUser.parse({ ...baseUser, is_cashier: "false" }).is_cashier).toBe(false);
    expect(ZCreateUser.parse({ ...baseUser, is_cashier: "0" }).is_cashier).toBe(false);
    expect(ZCreateUser.parse({ ...baseUser, is_cashier: "1" }).is_cashier).toBe(true);
    expect(ZCreateUser.parse({ ...baseUser, is_salesman: true, commission_type: "no_commission" }).is_salesman).toBe(true);
  });
});

describe("login, change password, PIN and role schemas", () => {
  it("login wants a valid e-mail and a password of at least 4", () => {
    expect(ZLogin.safeParse({ email: "a@b.co", password: "abcd" }).success).toBe(true);
    expect(firstMessage(ZLogin.safeParse({ email: "nope", password: "abcd" }), "email")).toBe("The email must be a valid email address.");
    expect(firstMessage(ZLogin.safeParse({ email: "a@b.co", password: "abc" }), "password")).toBe(
      "The password must be at least 4 characters.",
    );
    expect(firstMessage(ZLogin.safeParse({ email: "a@b.co", password: "" }), "password")).toBe(MSG.enterPassword);
  });

  it("change password wants the old one, a new one of at least 6 and its confirmation", () => {
    const ok = { old_password: "x", new_password: "abcdef", new_password_confirmation: "abcdef" };
    expect(ZChangePassword.safeParse(ok).success).toBe(true);
    expect(
      firstMessage(ZChangePassword.safeParse({ ...ok, new_password: "abcde", new_password_confirmation: "abcde" }), "new_password"),
    ).toBe("The new password must be at least 6 characters.");
    expect(firstMessage(ZChangePassword.safeParse({ ...ok, new_password_confirmation: "abcdeg" }), "new_password_confirmation")).toBe(
      "The new password confirmation does not match.",
    );
    expect(firstMessage(ZChangePassword.safeParse({ ...ok, old_password: "" }), "old_password")).toBe(
      "The old password field is required.",
    );
  });

  it("a PIN has at least 4 characters", () => {
    expect(ZPin.safeParse({ name: "p", pin: "1234" }).success).toBe(true);
    expect(firstMessage(ZPin.safeParse({ name: "p", pin: "123" }), "pin")).toBe("The pin must be at least 4 characters.");
  });

  it("a role needs at least one permission", () => {
    expect(firstMessage(ZRole.safeParse({ role_name: "r", permissions: [] }), "permissions")).toBe(MSG.permissionRequired);
    expect(firstMessage(ZRole.safeParse({ role_name: "r" }), "permissions")).toBe(MSG.permissionRequired);
  });
});

describe("ids, decimals and notes", () => {
  it("ids are integers greater than 0", () => {
    expect(ZId.parse("12")).toBe(12);
    for (const bad of ["0", "-1", "abc", "1.5", "99999999999"])
      expect(ZId.safeParse(bad).error?.issues[0]?.message, bad).toBe(MSG.idInvalid);
  });

  it("decimals keep their scale and never become floats", () => {
    expect(zDecimal({ scale: 2 }).parse("10.25")).toBe("10.25");
    expect(zDecimal({ scale: 2 }).safeParse("10.255").success).toBe(false);
    expect(zDecimal({ scale: 4 }).parse("-3.5")).toBe("-3.5");
    expect(zDecimal({ scale: 2, min: 0 }).safeParse("-1").success).toBe(false);
  });

  it("notes are at most 140 characters", () => {
    expect(zNote.safeParse("x".repeat(140)).success).toBe(true);
    expect(zNote.safeParse("x".repeat(141)).error?.issues[0]?.message).toBe(MSG.maxChars140);
  });
});
