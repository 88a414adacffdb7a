import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import i18n, { translateMessage } from "./i18n";

const messageOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message ?? "";

/** Checks without a text of their own, and what each says in English. */
const CASES: [z.ZodType, unknown, string][] = [
  [z.object({ a: z.string() }), {}, "This field is required."],
  [z.string().min(1), "", "This field is required."],
  [z.string().min(3), "ab", "must be at least 3 characters"],
  [z.string().max(5), "abcdefg", "may not be greater than 5 characters"],
  [z.number(), "x", "must be a number"],
  [z.number().int(), 1.5, "must be a number"],
  [z.string(), 4, "must be text"],
  [z.boolean(), "yes", "must be true or false"],
  [z.array(z.number()), "x", "must be a list"],
  [z.number().min(1), 0, "must be at least 1"],
  [z.number().gt(0), 0, "must be greater than 0"],
  [z.number().max(10), 11, "may not be greater than 10"],
  [z.number().lt(10), 10, "must be less than 10"],
  [z.number().multipleOf(5), 7, "must be a multiple of 5"],
  [z.array(z.number()).min(2), [1], "must have at least 2 items"],
  [z.array(z.number()).max(1), [1, 2], "may not have more than 1 items"],
  [z.email(), "x", "must be a valid email address"],
  [z.string().regex(/^\d+$/), "x", "is not in the right format"],
  [z.enum(["a", "b"]), "c", "must be one of a, b"],
  [z.union([z.number(), z.boolean()]), "x", "is not valid"],
];

/** zod's own English, as a server answers with it when a check names no text. */
const ZOD_DEFAULTS = [
  "Too small: expected number to be >=1",
  "Too small: expected number to be >0",
  "Too big: expected number to be <=100",
  "Too big: expected number to be <100",
  "Too small: expected string to have >=2 characters",
  "Too big: expected string to have <=191 characters",
  "Too small: expected array to have >=1 items",
  "Too big: expected array to have <=10 items",
  "Invalid input: expected number, received string",
  "Invalid input: expected string, received number",
  "Invalid input: expected boolean, received string",
  "Invalid input: expected array, received string",
  "Invalid input: expected object, received string",
  "Invalid input: expected string, received undefined",
  "Invalid option: expected one of a|b",
  "Invalid email address",
  "Invalid string: must match pattern /^\\d+$/",
  "Invalid number: must be a multiple of 5",
  "Invalid input",
  "Unrecognized key: x",
];

describe("zod checks without a text of their own", () => {
  afterAll(() => i18n.changeLanguage("en"));

  it("answer with the web's texts, with the check's numbers and choices", () => {
    expect(CASES.map(([schema, input]) => messageOf(schema, input))).toEqual(CASES.map(([, , text]) => text));
  });

  it("show in English as sentences: a capital and a full stop", () => {
    expect(translateMessage("must be between 0 and 100")).toBe("Must be between 0 and 100.");
    expect(translateMessage("must be Together or Separated")).toBe("Must be Together or Separated.");
    expect(translateMessage("Too small: expected number to be >=1")).toBe("Must be at least 1.");
    expect(translateMessage("This field is required.")).toBe("This field is required.");
    for (const [schema, input] of CASES) expect(translateMessage(messageOf(schema, input))).toMatch(/^[A-Z].*\.$/);
  });

  it("keep a schema's own text", () => {
    expect(messageOf(z.number().min(1, "Pick a quantity"), 0)).toBe("Pick a quantity");
  });

  it.each(["ar", "ckb"])("read in %s, with the numbers kept, and so does zod's own English from a server", async (lang) => {
    await i18n.changeLanguage(lang);
    const texts = [...CASES.map(([schema, input]) => messageOf(schema, input)), ...ZOD_DEFAULTS];
    // Choices ("a, b") are codes and stay as they are; everything else is in the language.
    const english = texts.filter((text) => {
      const shown = translateMessage(text);
      return shown === text || /[A-Za-z]{2,}/.test(shown.replace(/\b[ab]\b|\/\^\\d\+\$\//g, ""));
    });
    expect(english).toEqual([]);
    expect(translateMessage("Too small: expected number to be >=1")).toBe(translateMessage("must be at least 1"));
    expect(translateMessage("Too big: expected string to have <=191 characters")).toContain("191");
    expect(translateMessage("must be at least 3 characters")).toContain("3");
  });
});
