import "@mantine/core/styles.css";
import "./i18n";
import { createRoot } from "react-dom/client";
import { App } from "./App";

const root = document.getElementById("root");
if (root) createRoot(root).render(<App />);

// The shell is kept for a poor network; API answers never are (public/sw.js).
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/shop/sw.js", { scope: "/shop/" }).catch(() => {});
  });
}
