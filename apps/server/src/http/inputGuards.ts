import type { FailDetail } from "./envelope";

/**
 * What JSON Schema lets through but PostgreSQL or a person should never receive:
 * - the NUL character (PostgreSQL `text` cannot hold it: the query would fail with a 500);
 * - non-finite numbers (ajv's coercion turns "Infinity" into a number that passes `integer`).
 * Checked after validation on every operation's query, path parameters and body, so the
 * answer is a 400 envelope and nothing is written.
 */
export function unsafeInput(parts: Record<string, unknown>): FailDetail | null {
  for (const [part, value] of Object.entries(parts)) {
    const found = scan(value, part, 0);
    if (found) return found;
  }
  return null;
}

function scan(value: unknown, field: string, depth: number): FailDetail | null {
  if (typeof value === "string") {
    return value.includes("\u0000") ? { field, msg: `${field}：不能包含空字符` } : null;
  }
  if (typeof value === "number") {
    return Number.isFinite(value) ? null : { field, msg: `${field}：必须是有限的数字` };
  }
  // Bodies are bounded by the body limit; the depth cap keeps a crafted nesting cheap.
  if (depth > 32 || value === null || typeof value !== "object") return null;
  // Only parsed JSON/form data: plain objects and arrays. A streamed body (the object store's
  // PUT hands the request stream through) or a Buffer is the payload itself, not input fields.
  // Fastify's query parser (fast-querystring) builds objects whose prototype is itself a
  // null-prototype object, so "plain" means: no prototype, or one whose own prototype is null.
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== null && Object.getPrototypeOf(proto) !== null) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    if (key.includes("\u0000")) return { field, msg: `${field}：不能包含空字符` };
    const found = scan(child, Array.isArray(value) ? `${field}[${key}]` : key, depth + 1);
    if (found) return found;
  }
  return null;
}
