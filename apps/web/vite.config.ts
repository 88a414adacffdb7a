import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import type { ChunkingContext } from "rolldown";
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

/**
 * The icons that only the back office draws (neither the login page nor the POS screen, with all
 * they load later) in one chunk of their own, about 20 KB. Left to the automatic splitting, each
 * icon that two screens or more use (the side menu's, a list's row actions) was a chunk of its own
 * of a few hundred bytes: a list page loaded 170 scripts, on a phone's HTTP/1.1 six at a time. The
 * login page and the till load what they loaded before. The icons a screen of theirs names are
 * read from the import lines of their own source files (the package's index imports every icon, so
 * the module graph alone does not tell which are drawn).
 */
function officeIcons() {
  const src = path.resolve(import.meta.dirname, "src");
  let lean: Set<string> | undefined;
  const leanIcons = (ctx: ChunkingContext) => {
    if (lean) return lean;
    const names = new Set<string>();
    const closure = (root: string, dynamic: boolean) => {
      if (!ctx.getModuleInfo(root)) throw new Error(`${root} is missing from the build.`);
      const seen = new Set<string>();
      const walk = (id: string) => {
        if (seen.has(id) || !id.startsWith(src)) return;
        seen.add(id);
        const code = readFileSync(id.replace(/\?.*$/, ""), "utf8");
        for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@tabler\/icons-react["']/g))
          for (const name of m[1]!.split(",")) names.add(name.trim().split(/\s+/)[0]!);
        const info = ctx.getModuleInfo(id);
        for (const i of info?.importedIds ?? []) walk(i);
        if (dynamic) for (const i of info?.dynamicallyImportedIds ?? []) walk(i);
      };
      walk(root);
    };
    closure(path.join(src, "main.tsx"), false);
    closure(path.join(src, "app/App.tsx"), false);
    closure(path.join(src, "features/auth/LoginPage.tsx"), true);
    closure(path.join(src, "features/pos/PosApp.tsx"), true);
    lean = names;
    return names;
  };
  const icon = /[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](\w+)\.mjs$/;
  return [
    {
      name: (id: string, ctx: ChunkingContext) => {
        const m = icon.exec(id);
        return m && !leanIcons(ctx).has(m[1]!) ? "office-icons" : null;
      },
      // An icon imports the package's createReactComponent, which stays where it was.
      includeDependenciesRecursively: false,
    },
  ];
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
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: officeIcons() } } },
  },
});
