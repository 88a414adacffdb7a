import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { aliases } from "./aliases.ts";
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

/**
 * The files the POS screen can load when opened on its own: the entry, the POS entry and all it
 * imports, statically or later (its dialogs, its texts in each language). The till's service
 * worker precaches these and nothing of the back office.
 */
function posFiles(): Plugin & { files: Set<string> } {
  const files = new Set<string>();
  return {
    name: "pos-files",
    apply: "build",
    files,
    generateBundle(_options, bundle) {
      files.clear();
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const pos = chunks.find((c) => c.facadeModuleId?.endsWith("/src/features/pos/PosApp.tsx"));
      const entry = chunks.find((c) => c.isEntry);
      if (!pos || !entry) throw new Error("The POS entry or the app's entry is missing from the build.");
      const walk = (name: string, dynamic: boolean) => {
        const c = byName.get(name);
        if (!c || files.has(name)) return;
        files.add(name);
        for (const css of c.viteMetadata?.importedCss ?? []) files.add(css);
        for (const i of c.imports) walk(i, dynamic);
        if (dynamic) for (const i of c.dynamicImports) walk(i, dynamic);
      };
      // The entry's own imports only: its later ones are the back office.
      walk(entry.fileName, false);
      walk(pos.fileName, true);
    },
  };
}

/**
 * `<link rel="modulepreload">` in index.html for the chunks that both ways in (the back office's
 * App and the POS screen's PosApp, main.tsx) import statically: React, the theme, the texts'
 * loader, the API client. Without them the browser learns of these only once the entry has run,
 * a round trip later, on a phone's network the longest wait before anything is painted; either
 * way in uses every one of them, so none is fetched in vain.
 */
function preloadShared(): Plugin {
  return {
    name: "preload-shared",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === "chunk");
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        const start = (file: string) => chunks.find((c) => c.facadeModuleId?.endsWith(file));
        const app = start("/src/app/App.tsx");
        const till = start("/src/features/pos/PosApp.tsx");
        if (!entry || !app || !till) throw new Error("The entry, App or PosApp is missing from the build.");
        const closure = (name: string, seen = new Set<string>()) => {
          if (seen.has(name)) return seen;
          seen.add(name);
          for (const i of byName.get(name)?.imports ?? []) closure(i, seen);
          return seen;
        };
        const own = closure(entry.fileName);
        const pos = closure(till.fileName);
        const shared = [...closure(app.fileName)].filter((f) => pos.has(f) && !own.has(f));
        return shared.map((file) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}`, nonce: "__CSP_NONCE__" },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

const pos = posFiles();

export default defineConfig({
  plugins: [
    react(),
    pos,
    preloadShared(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/sw",
      filename: "sw.ts",
      // Registered by the POS screen only (features/pos/posWorker.ts); the web manifests are files of
      // public/ (manifest.webmanifest, pos.webmanifest), not made by the plugin.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,svg,woff2}"],
        globIgnores: ["sw.js"],
        // Hashed names: the URL is the version.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((e) => pos.files.has(e.url) || !e.url.startsWith("assets/")),
            warnings: [],
          }),
        ],
      },
    }),
    precompress(),
  ],
  define: buildInfo(),
  resolve: { alias: aliases },
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
