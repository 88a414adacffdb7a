// zod compiles its object parsers with eval unless told not to before the first schema is built,
// and the Content-Security-Policy refuses eval. This classic script runs before the app's modules.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
