import { LANGUAGES, type Language, RTL_LANGUAGES } from "@app/contracts";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";

type Files = { default: Record<string, Record<string, unknown>> };
type Part = "core" | "more" | "pos" | "answers";
/**
 * Each language is chunks of the build: the namespaces the sign-in page reads, and the rest,
 * which the signed-in frame waits for; the POS screen, which runs on its own, loads one chunk of
 * its own with the namespaces it shows by itself (the common ones again, without the sign-in
 * page's and the menu's), and another with what a server's answer needs (the server's messages,
 * the schemas' texts, the patterns and field labels they are built from) when an answer is to be
 * shown. A user downloads the language they read, and each page only its part.
 */
const BUNDLES: Record<Language, Record<Part, () => Promise<Files>>> = {
  en: {
    core: () => import("../locales/en"),
    more: () => import("../locales/en-more"),
    pos: () => import("../locales/en-pos"),
    answers: () => import("../locales/en-answers"),
  },
  ar: {
    core: () => import("../locales/ar"),
    more: () => import("../locales/ar-more"),
    pos: () => import("../locales/ar-pos"),
    answers: () => import("../locales/ar-answers"),
  },
  ckb: {
    core: () => import("../locales/ckb"),
    more: () => import("../locales/ckb-more"),
    pos: () => import("../locales/ckb-pos"),
    answers: () => import("../locales/ckb-answers"),
  },
};

type Resources = Record<string, Record<string, Record<string, unknown>>>;
/** The languages loaded so far, by namespace. */
export const resources: Resources = {};
const loading = new Map<string, Promise<void>>();

function loadPart(lang: Language, part: Part): Promise<void> {
  const key = `${lang}:${part}`;
  let done = loading.get(key);
  if (!done) {
    done = BUNDLES[lang][part]().then(({ default: files }) => {
      const bundle: Record<string, Record<string, unknown>> = {};
      for (const [path, content] of Object.entries(files)) {
        const ns = /\/([a-zA-Z]+)\.json$/.exec(path)?.[1];
        if (ns) bundle[ns] = content;
      }
      resources[lang] = { ...resources[lang], ...bundle };
      for (const [ns, content] of Object.entries(bundle)) i18n.addResourceBundle(lang, ns, content, true, true);
    });
    // A part that failed (the network was lost) is tried again by the next call.
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** Which texts a language switch loads: all of them, or the POS screen's when it runs on its own. */
let scope: "all" | "pos" = "all";
export const setTextScope = (s: "all" | "pos") => {
  scope = s;
};

/**
 * Loads a language's texts once (all of them, the sign-in page's only, or the POS screen's);
 * later calls wait for the same load.
 */
export function loadLanguage(lang: Language, parts: "signIn" | "pos" | "all" = scope): Promise<void> {
  if (parts === "pos") return loadPart(lang, "pos");
  const core = loadPart(lang, "core");
  if (parts === "signIn") return core;
  return Promise.all([core, loadPart(lang, "more")]).then(() => undefined);
}

/**
 * Settles once the texts a server's answer may need are in, in the current language: the POS
 * screen on its own loads them now (the API client waits for them before it hands on an error
 * answer, the till before it shows a sale's refusal or review); the back office has them already.
 * Never fails: when they cannot be loaded the answer shows as the server wrote it.
 */
export function answerTextsReady(): Promise<void> {
  if (scope !== "pos") return Promise.resolve();
  const lang = isLanguage(i18n.language) ? i18n.language : storedLanguage();
  return Promise.all([loadPart(lang, "answers"), import("./answerTexts")]).then(
    () => undefined,
    () => undefined,
  );
}

/** A lazy chunk that shows texts beyond the sign-in page's: it renders once they are in too. */
export const withAllTexts =
  <T>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadLanguage(isLanguage(i18n.language) ? i18n.language : storedLanguage())]))[0];

export const LANG_STORAGE_KEY = "lang";

export const isLanguage = (v: unknown): v is Language => typeof v === "string" && (LANGUAGES as readonly string[]).includes(v);
export const isRtl = (lang: string) => (RTL_LANGUAGES as readonly string[]).includes(lang);

export function storedLanguage(): Language {
  const v = localStorage.getItem(LANG_STORAGE_KEY);
  return isLanguage(v) ? v : "en";
}

function applyDocument(lang: Language) {
  document.documentElement.lang = lang;
  document.documentElement.dir = isRtl(lang) ? "rtl" : "ltr";
}

export async function setLanguage(lang: Language) {
  await loadLanguage(lang);
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  applyDocument(lang);
  await i18n.changeLanguage(lang);
}

const initial = storedLanguage();
applyDocument(initial);
void i18n.use(initReactI18next).init({
  resources: {},
  lng: initial,
  fallbackLng: "en",
  supportedLngs: [...LANGUAGES],
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Settles once the stored language's sign-in texts are in: the back office renders after it. */
export const signInTextsReady = () => loadLanguage(initial, "signIn");

/**
 * How a server's or a schema's text is put into the current language: `answerTexts.ts` (its
 * patterns, the contract's texts by their keys) registers itself when it loads. The back office
 * loads it with its first page; the POS screen on its own when an answer is to be shown
 * (`answerTextsReady`). Until then a text shows as it was written.
 */
let translator: ((text: string) => string) | null = null;
export const setTranslator = (t: (text: string) => string) => {
  translator = t;
};

/**
 * Shows a text that came from the server or from a contract schema in the current language:
 * a MSG text by its key, a known whole text from the dictionary, or a known pattern.
 * Unknown texts are shown as they are.
 */
export function translateMessage(text: string): string {
  return sentence(translator ? translator(text) : text);
}

/**
 * A fragment the schemas write under their field ("must be between 0 and 100") shown as a
 * sentence: a capital first letter and a full stop.
 */
export function sentence(text: string): string {
  if (!/^[a-z]/.test(text)) return text;
  return `${text[0]!.toUpperCase()}${text.slice(1)}${/[\p{L}\p{N})]$/u.test(text) ? "." : ""}`;
}

export default i18n;
