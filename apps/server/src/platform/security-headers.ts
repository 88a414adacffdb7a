import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * The style nonce of each answer. Mantine writes its CSS variables and responsive styles into
 * <style> tags at run time; the page learns the nonce from index.html and gives it to them, so
 * styles need no 'unsafe-inline' and an injected <style> or style attribute is refused.
 */
const styleNonces = new WeakMap<ServerResponse, string>();

export const styleNonceOf = (res: ServerResponse) => styleNonces.get(res) ?? "";

/** Written into the built index.html by Vite (`html.cspNonce`); replaced per answer. */
export const NONCE_PLACEHOLDER = "__CSP_NONCE__";

const styleNonce = (_req: unknown, res: unknown) => {
  const nonce = randomBytes(16).toString("base64");
  styleNonces.set(res as ServerResponse, nonce);
  return `'nonce-${nonce}'`;
};

export function contentSecurityPolicy(tls: boolean) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // No inline or eval script: an injected <script> or on* attribute never runs, and the token
      // in local storage stays out of its reach.
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", styleNonce],
      // data: for Mantine's SVG backgrounds in CSS, blob: for previews of an image being uploaded.
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(tls ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * Security headers on every answer (the app, the API, files). HSTS and the upgrade of insecure
 * requests only when the product is served over TLS: on a shop's LAN over plain HTTP they would
 * lock browsers out.
 */
export async function installSecurityHeaders(app: FastifyInstance, { tls }: { tls: boolean }) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: contentSecurityPolicy(tls),
    strictTransportSecurity: tls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
}
