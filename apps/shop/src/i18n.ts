import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import ar from "./locales/ar.json";
import ckb from "./locales/ckb.json";
import en from "./locales/en.json";

export const LANGUAGES = [
  { value: "ar", label: "العربية", dir: "rtl" },
  { value: "ckb", label: "کوردی", dir: "rtl" },
  { value: "en", label: "English", dir: "ltr" },
] as const;
export type Lang = (typeof LANGUAGES)[number]["value"];
const KEY = "shop.lang";

const stored = (): Lang => {
  const v = typeof localStorage !== "undefined" ? localStorage.getItem(KEY) : null;
  if (v === "ar" || v === "ckb" || v === "en") return v;
  const nav = typeof navigator !== "undefined" ? navigator.language.toLowerCase() : "";
  return nav.startsWith("ar") ? "ar" : nav.startsWith("ckb") || nav.startsWith("ku") ? "ckb" : "en";
};

export const dirOf = (lang: string) => (lang === "ar" || lang === "ckb" ? "rtl" : "ltr");

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ar: { translation: ar }, ckb: { translation: ckb } },
  lng: stored(),
  fallbackLng: "en",
  interpolation: { escapeValue: false },
});

/** The page's language and direction follow the chosen language. */
function applyToPage(lang: string) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = lang;
  document.documentElement.dir = dirOf(lang);
}
applyToPage(i18n.language);
i18n.on("languageChanged", (lang) => {
  localStorage.setItem(KEY, lang);
  applyToPage(lang);
  void loadServerTexts(lang);
});

/**
 * The API's words in the customer's language: its texts are the back office's (the same server),
 * so the shop reads the same dictionary of translated server texts, loaded with the language.
 */
const serverTexts = new Map<string, Record<string, string>>();
export async function loadServerTexts(lang: string) {
  if (lang === "en" || serverTexts.has(lang)) return;
  const mod =
    lang === "ar"
      ? await import("../../web/src/locales/ar/schematexts.json")
      : lang === "ckb"
        ? await import("../../web/src/locales/ckb/schematexts.json")
        : null;
  if (mod) serverTexts.set(lang, (mod.default as { texts: Record<string, string> }).texts);
}
void loadServerTexts(i18n.language);

/** A message of the API in the current language: known texts translated, a figure kept, else as the API said it. */
export function serverText(message: string): string {
  const lang = i18n.language;
  if (message === "network") return i18n.t("errors.network");
  const only = /^Only ([0-9.]+) left of this item\.$/.exec(message);
  if (only) return i18n.t("errors.onlyLeft", { qty: Number(only[1]) });
  if (lang === "en") return message;
  return serverTexts.get(lang)?.[message] ?? message;
}

export default i18n;
