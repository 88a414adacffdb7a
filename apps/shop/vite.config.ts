import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dev server proxies the API so the browser sees one origin, as the product serves it.
const apiTarget = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  // Served by the product's server under /shop/ (apps/server/src/app.ts).
  base: "/shop/",
  plugins: [react()],
  server: {
    port: 5174,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/images": { target: apiTarget, changeOrigin: true },
    },
  },
  // The server puts each answer's style nonce in place of this (the server's security headers).
  html: { cspNonce: "__CSP_NONCE__" },
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 800 },
});
