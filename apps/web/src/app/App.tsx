import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/notifications/styles.css";
import "./app.css";
import { DatesProvider } from "@mantine/dates";
import { type ReactNode, StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { i18nReady } from "./i18n";
import { BaseProviders } from "./Providers";
import { createRouter } from "./router";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <BaseProviders>
      <DatesProvider settings={{ locale: "en", firstDayOfWeek: 6, weekendDays: [5, 6] }}>{children}</DatesProvider>
    </BaseProviders>
  );
}

export function App() {
  const [router] = useState(createRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}

/** Starts the back office (every page but the POS screen opened on its own) once its texts are in. */
export function mount(root: HTMLElement) {
  void i18nReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
