import { LANGUAGES } from "@app/contracts";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { z } from "zod";
import "../app/answerTexts";
import { loadLanguage } from "../app/i18n";
import { installZodMessages } from "../app/zodMessages";

installZodMessages(z);

// jsdom lacks the layout APIs Mantine reads.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};

// Tests switch languages freely and compare them: every language is loaded up front.
await Promise.all(LANGUAGES.map((l) => loadLanguage(l)));

afterEach(() => {
  cleanup();
  localStorage.clear();
});
