import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { buildInfo } from "./build-info.ts";

// The dev server proxies the API so the browser sees one origin, as in production.
const apiTarget = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  define: buildInfo(),
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/images": { target: apiTarget, changeOrigin: true },
    },
  },
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500 },
});
