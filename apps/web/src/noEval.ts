/**
 * zod compiles its object parsers with eval unless told not to before its first module runs, and
 * the Content-Security-Policy refuses eval (a refused probe is reported as a violation even when
 * zod catches it). The entry imports this module first, and zod is only in the chunks the entry
 * loads later, so the option is in place when zod reads it; set here rather than in a script of
 * the page's head, which the browser would have to fetch and run before it paints anything.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
