import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as arabic from "@zxcvbn-ts/language-ar";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { PASSWORD_MIN_SCORE } from "./constants.js";
import { MSG } from "./messages.js";

/** How many of the most used passwords (zxcvbn-ts's ranked list of leaked passwords) are refused outright. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let estimator: ZxcvbnFactory | undefined;
let commonSet: Set<string> | undefined;

// Built on first use: the dictionaries are large and the web loads this module only on a password form.
function zxcvbn() {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary, ...arabic.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return estimator;
}

export function isCommonPassword(password: string): boolean {
  commonSet ??= new Set(common.dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_REFUSED));
  return commonSet.has(password.toLowerCase());
}

/** zxcvbn's score: 0 (guessed at once) to 4 (very hard to guess). */
export function passwordScore(password: string, userInputs: string[] = []): 0 | 1 | 2 | 3 | 4 {
  return zxcvbn().check(password, userInputs).score;
}

/**
 * Why a new password is refused, in the catalogue's words, or undefined when it is good enough:
 * shorter than the system's minimum, one of the most common passwords, or too easy to guess
 * (built from the user's own name or e-mail, a keyboard run, a repeat, a dictionary word).
 */
export function passwordProblem(password: string, opts: { minLength: number; userInputs?: string[] }): string | undefined {
  if ([...password].length < opts.minLength) return `The new password must be at least ${opts.minLength} characters.`;
  if (isCommonPassword(password)) return MSG.passwordTooCommon;
  if (passwordScore(password, opts.userInputs) < PASSWORD_MIN_SCORE) return MSG.passwordTooWeak;
  return undefined;
}

/** A PIN of one digit repeated (0000) or a run of digits up or down (1234, 4321) is refused. */
export function pinProblem(pin: string): string | undefined {
  if (!/^\d+$/.test(pin)) return undefined;
  const d = [...pin].map(Number);
  const steps = new Set(d.slice(1).map((x, i) => x - d[i]!));
  if (steps.size === 1 && [0, 1, -1].includes([...steps][0]!)) return MSG.pinTooSimple;
  return undefined;
}
