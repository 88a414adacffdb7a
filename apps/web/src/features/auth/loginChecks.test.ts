import { ZLogin } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { issueMessages } from "../../shared/useZodForm";
import { checkLogin } from "./loginChecks";

const CASES = [
  { email: "", password: "" },
  { email: "  ", password: "secret" },
  { email: "admin@example.com", password: "" },
  { email: "admin@example.com", password: "abc" },
  { email: "admin@example.com", password: "abcd" },
  { email: " admin@example.com ", password: "secret", code: " 123456 " },
  { email: "admin@", password: "secret" },
  { email: "admin@example", password: "secret" },
  { email: ".admin@example.com", password: "secret" },
  { email: "a..b@example.com", password: "secret" },
  { email: "a.b+tag@sub.example.iq", password: "secret" },
  { email: "أحمد@example.com", password: "secret" },
  { email: "admin@example.com", password: "secret", code: "x".repeat(65) },
];

describe("the sign-in form's checks", () => {
  it.each(CASES)("agree with the contract's schema: %o", (input) => {
    const mine = checkLogin(input);
    const theirs = ZLogin.safeParse(input);
    if (theirs.success) expect(mine).toEqual({ data: theirs.data });
    else {
      expect("errors" in mine).toBe(true);
      const expected = issueMessages(theirs.error.issues, input);
      const got = "errors" in mine ? mine.errors : {};
      expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
      for (const k of ["email", "password"]) expect(got[k]).toBe(expected[k]);
    }
  });
});
