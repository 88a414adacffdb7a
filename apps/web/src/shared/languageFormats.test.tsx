import { MantineProvider } from "@mantine/core";
import { fireEvent, render, renderHook, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { DatesByLanguage } from "../app/DatesByLanguage";
import i18n from "../app/i18n";
import { printHtml } from "./DataTable/print";
import { DateField } from "./DateField";
import { useFormat } from "./format";
import { isolate, isolateLtr } from "./ltr";

const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

const inLanguage = async (lang: string) => {
  await i18n.changeLanguage(lang);
  return ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <DatesByLanguage>{children}</DatesByLanguage>
    </MantineProvider>
  );
};

describe("dates and times in every language", () => {
  it("write a day DD/MM/YYYY in English, Arabic and Kurdish alike, and times with the language's own marks", async () => {
    const shown: Record<string, [string, string]> = {};
    for (const lang of ["en", "ar", "ckb"]) {
      const { result } = renderHook(() => useFormat(), { wrapper: await inLanguage(lang) });
      shown[lang] = [result.current.date("2026-12-02"), result.current.dateTime("2026-12-02 22:20:00")];
    }
    expect(shown).toEqual({
      en: ["02/12/2026", "02/12/2026 10:20 PM"],
      ar: ["02/12/2026", "02/12/2026 10:20 م"],
      ckb: ["02/12/2026", "02/12/2026 10:20 د.ن"],
    });
    await i18n.changeLanguage("en");
  });

  it("show a date field's day as the screens write it, and its calendar's months and weekdays in the language, digits 0-9", async () => {
    const calendar = async (lang: string) => {
      const Wrapper = await inLanguage(lang);
      const view = render(
        <Wrapper>
          <DateField aria-label="day" value="2030-12-31" onChange={() => {}} data-testid="day" />
        </Wrapper>,
      );
      const input = screen.getByTestId("day") as HTMLInputElement;
      fireEvent.focus(input);
      fireEvent.click(input);
      const dropdown = document.querySelector("[data-dates-dropdown]");
      const seen = {
        value: input.value,
        month: dropdown?.querySelector(".mantine-DateInput-calendarHeaderLevel")?.textContent,
        weekdays: [...(dropdown?.querySelectorAll(".mantine-DateInput-weekday") ?? [])].map((w) => w.textContent).join(" "),
      };
      view.unmount();
      return seen;
    };
    const ar = await calendar("ar");
    expect(ar).toEqual({ value: "31/12/2030", month: "كانون الأول 2030", weekdays: "س ح ن ث ر خ ج" });
    const ckb = await calendar("ckb");
    expect(ckb).toEqual({ value: "31/12/2030", month: "کانوونی یەکەم 2030", weekdays: "ش ی د س چ پ هـ" });
    expect(`${ar.month}${ckb.month}`).not.toMatch(EASTERN_DIGITS);
    await i18n.changeLanguage("en");
  });
});

describe("left-to-right text in right-to-left pages", () => {
  it("isolates names and signed figures put into a sentence", () => {
    expect(isolate("Zagros Trading Co.")).toBe("\u2068Zagros Trading Co.\u2069");
    expect(isolateLtr("+1")).toBe("\u2066+1\u2069");
    expect(isolate("")).toBe("");
  });

  it("prints a Latin name as its own text and figures left to right, in a right-to-left print", () => {
    const html = printHtml({
      title: "المشتريات",
      dir: "rtl",
      lang: "ar",
      shop: "Zagros Trading Co.",
      printed: "",
      headers: ["المورد", "الرمز", "المبلغ"],
      rows: [["Zagros Trading Co.", "INV-7", "-44,465"]],
      numeric: [false, false, true],
      ltr: [false, true, false],
    });
    expect(html).toContain('<div class="shop"><bdi>Zagros Trading Co.</bdi></div>');
    expect(html).toContain("<td><bdi>Zagros Trading Co.</bdi></td>");
    expect(html).toContain('<td><span dir="ltr">INV-7</span></td>');
    expect(html).toContain('<td class="num">-44,465</td>');
  });
});
