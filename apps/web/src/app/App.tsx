import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/notifications/styles.css";
import "./app.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { DatesByLanguage } from "./DatesByLanguage";
import { signInTextsReady } from "./i18n";
import { ThemeProviders } from "./Providers";
import { createQueryClient } from "./queryClient";
import { createRouter } from "./router";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProviders>
      <QueryClientProvider client={queryClient}>
        <DatesByLanguage>{children}</DatesByLanguage>
      </QueryClientProvider>
    </ThemeProviders>
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
  void signInTextsReady().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
