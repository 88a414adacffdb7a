/**
 * Redocly plugin `souq`: `souq/no-ambiguous-paths`, Redocly's `no-ambiguous-paths` with the path
 * parameters' types read. The built-in rule compares the templates alone, so
 * `/api/sales/{id}/close` and `/api/sales/customer_info/{id}` are "ambiguous" although `{id}` is
 * an integer and `customer_info` can never be one. Here a parameter segment matches a fixed
 * segment only when the fixed text is a value the parameter's schema admits (an integer parameter
 * admits digits only), and two parameter segments match unless one is an integer and the other
 * a string that cannot be one. As in the built-in rule, two paths with different numbers of
 * parameters never clash (a fixed path is matched before a templated one).
 */

const segmentsOf = (path) => path.split("/");
const variable = (segment) => /^\{(.+?)\}$/.exec(segment)?.[1];

/** Every path parameter's schema type by name, from the path item and its operations. */
function parameterTypes(pathItem) {
  const types = new Map();
  const read = (params) => {
    for (const p of params ?? []) if (p && p.in === "path" && p.name) types.set(p.name, p.schema?.type ?? "string");
  };
  read(pathItem?.parameters);
  for (const op of Object.values(pathItem ?? {})) if (op && typeof op === "object" && !Array.isArray(op)) read(op.parameters);
  return types;
}

const admits = (type, text) => (type === "integer" ? /^-?\d+$/.test(text) : type === "number" ? !Number.isNaN(Number(text)) : true);

function clash(a, b) {
  if (a.segments.length !== b.segments.length) return false;
  let aVars = 0;
  let bVars = 0;
  for (let i = 0; i < a.segments.length; i++) {
    const va = variable(a.segments[i]);
    const vb = variable(b.segments[i]);
    if (va) aVars++;
    if (vb) bVars++;
    if (va && vb) continue;
    if (va && !admits(a.types.get(va) ?? "string", b.segments[i])) return false;
    if (vb && !admits(b.types.get(vb) ?? "string", a.segments[i])) return false;
    if (!va && !vb && a.segments[i] !== b.segments[i]) return false;
  }
  return aVars === bVars;
}

function NoAmbiguousTypedPaths() {
  return {
    Paths(pathMap, { report, location }) {
      const seen = [];
      for (const [path, item] of Object.entries(pathMap)) {
        const current = { path, segments: segmentsOf(path), types: parameterTypes(item) };
        const other = seen.find((s) => clash(s, current));
        if (other) {
          report({
            message: `Paths should resolve unambiguously, their parameters' types read. Found two ambiguous paths: \`${other.path}\` and \`${path}\`.`,
            location: location.child([path]).key(),
          });
        }
        seen.push(current);
      }
    },
  };
}

export default function souqPlugin() {
  return {
    id: "souq",
    rules: { oas3: { "no-ambiguous-paths": NoAmbiguousTypedPaths } },
  };
}
