import { describe, expect, it } from "vitest";
import { MSG } from "./messages.js";
import { isCommonPassword, passwordProblem, passwordScore, pinProblem } from "./password-policy.js";

const policy = { minLength: 8 };

describe("password policy", () => {
  it("refuses the passwords every attacker tries first", () => {
    expect(passwordProblem("password", policy)).toBe(MSG.passwordTooCommon);
    expect(passwordProblem("12345678", policy)).toBe(MSG.passwordTooCommon);
    expect(passwordProblem("aaaaaaaa", policy)).toBe(MSG.passwordTooWeak);
    expect(passwordProblem("Password", policy)).toBe(MSG.passwordTooCommon);
    expect(passwordProblem("qwertyuiop", policy)).toBe(MSG.passwordTooCommon);
    expect(isCommonPassword("iloveyou")).toBe(true);
  });

  it("refuses a password shorter than the system's minimum", () => {
    expect(passwordProblem("x7#Kq", policy)).toBe("The new password must be at least 8 characters.");
    expect(passwordProblem("amber-falcon-river", { minLength: 20 })).toBe("The new password must be at least 20 characters.");
    expect(passwordProblem("amber-falcon-river", { minLength: 4 })).toBeUndefined();
  });

  it("refuses a password made of the user's own name", () => {
    expect(passwordProblem("karwan.aziz", { minLength: 8, userInputs: ["karwan.aziz@example.com", "karwan", "aziz"] })).toBe(
      MSG.passwordTooWeak,
    );
  });

  it("accepts a strong Arabic passphrase and a long unusual Latin one", () => {
    expect(passwordProblem("قهوة الصباح في أربيل", policy)).toBeUndefined();
    expect(passwordScore("قهوة الصباح في أربيل")).toBeGreaterThanOrEqual(3);
    expect(passwordProblem("amber-falcon-river-72", policy)).toBeUndefined();
  });

  it("counts characters, not UTF-16 units", () => {
    expect(passwordProblem("كلمة", policy)).toBe("The new password must be at least 8 characters.");
  });
});

describe("PIN policy", () => {
  it("refuses repeats and runs of digits", () => {
    for (const pin of ["0000", "1111", "1234", "4321", "3456", "987654"]) expect(pinProblem(pin), pin).toBe(MSG.pinTooSimple);
  });
  it("accepts other PINs", () => {
    for (const pin of ["1357", "2580", "1243", "9071"]) expect(pinProblem(pin), pin).toBeUndefined();
  });
});
