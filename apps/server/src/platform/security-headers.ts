import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** Written into the built index.html by Vite (`html.cspNonce`); replaced per answer. */
export const NONCE_PLACEHOLDER = "__CSP_NONCE__";

/**
 * The policy. The style nonce is the app page's only: Mantine writes its CSS variables and responsive styles into
 * <style> tags at run time; the page learns the nonce from index.html and gives it to them, so
 * styles need no 'unsafe-inline' and an injected <style> or style attribute is refused. Other
 * answers (JSON, files, assets) are never rendered as a page and carry the policy without one.
 */
export function contentSecurityPolicy(tls: boolean, styleNonce?: string) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // No inline or eval script: an injected <script> or on* attribute never runs, and the token
      // in local storage stays out of its reach.
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])],
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

/** The headers helmet writes for these options, worked out once. */
function headersOf(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return [...headers];
}

const pagePolicies = new WeakMap<FastifyInstance, string>();

/**
 * Security headers on every answer (the app, the API, files). HSTS and the upgrade of insecure
 * requests only when the product is served over TLS: on a shop's LAN over plain HTTP they would
 * lock browsers out. helmet works the headers out once; every answer then gets the same values
 * (building them per request cost more than the route behind the cheapest signed-in request).
 */
export function installSecurityHeaders(app: FastifyInstance, { tls }: { tls: boolean }) {
  const options = (styleNonce?: string): HelmetOptions => ({
    contentSecurityPolicy: contentSecurityPolicy(tls, styleNonce),
    strictTransportSecurity: tls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
  const headers = Object.fromEntries(headersOf(options()));
  const page = new Map(headersOf(options(NONCE_PLACEHOLDER))).get("content-security-policy");
  if (!page) throw new Error("no content security policy");
  pagePolicies.set(app, page);
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** Gives the app page's answer its own style nonce in the policy; answers the nonce for the page. */
export function pageStyleNonce(app: FastifyInstance, reply: FastifyReply): string {
  const nonce = randomBytes(16).toString("base64");
  reply.header("content-security-policy", pagePolicies.get(app)!.replace(NONCE_PLACEHOLDER, nonce));
  return nonce;
}
