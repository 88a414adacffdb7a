import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { buildInfo } from "./build-info.ts";

// The dev server proxies the API so the browser sees one origin, as in production.
const apiTarget = process.env.API_URL ?? "http://localhost:3000";

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * levels: compressed once here, the server sends them as they are instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of [...Object.keys(bundle), "index.html"]) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const data = readFileSync(full);
        if (data.length < 1024) continue;
        writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  define: buildInfo(),
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/images": { target: apiTarget, changeOrigin: true },
    },
  },
  // The server puts each answer's style nonce in place of this (see the server's security headers).
  html: { cspNonce: "__CSP_NONCE__" },
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500 },
});
