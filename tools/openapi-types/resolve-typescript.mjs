/**
 * openapi-typescript builds its output with the TypeScript 5 compiler API, which TypeScript 7
 * (the project's compiler) no longer has: its `import "typescript"` resolves to this package's
 * own TypeScript 5, wherever npm hoisted openapi-typescript.
 */
const here = new URL("./package.json", import.meta.url).href;

export async function resolve(specifier, context, next) {
  if ((specifier === "typescript" || specifier.startsWith("typescript/")) && context.parentURL?.includes("/openapi-typescript/")) {
    return next(specifier, { ...context, parentURL: here });
  }
  return next(specifier, context);
}
