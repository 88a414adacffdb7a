import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/notifications/styles.css";
import "./app.css";
// The back office shows server answers in the user's language from its first page.
import "./answerTexts";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode, startTransition, useState } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { startSignedInLoad } from "./boot";
import { signInTextsReady } from "./i18n";
import { ThemeProviders } from "./Providers";
import { createQueryClient } from "./queryClient";
import { createRouter } from "./router";

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <ThemeProviders>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProviders>
  );
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [router] = useState(createRouter);
  return (
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}

/**
 * Starts the back office (every page but the POS screen opened on its own) once its texts are in;
 * a signed-in page's data, texts and frame are asked for meanwhile (boot.ts).
 */
export function mount(root: HTMLElement) {
  const queryClient = createQueryClient();
  startSignedInLoad(queryClient, location.pathname);
  // A transition: React renders the first page in slices, between which the phone's browser
  // handles input and paints, instead of one long task.
  void signInTextsReady().then(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      ),
    ),
  );
}
