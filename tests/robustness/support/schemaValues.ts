import * as fc from "fast-check";

/** A JSON Schema node as the server bundles it (OpenAPI 3.1 = JSON Schema 2020-12). */
export type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Follows a local `$ref` (`#/$defs/X`) within the bundled root schema; the server's
 * RefResolver makes every operation schema self-contained that way.
 */
export function deref(node: unknown, root: Schema): Schema {
  let value = node;
  for (let hops = 0; isObject(value) && typeof value.$ref === "string" && hops < 20; hops++) {
    const pointer = value.$ref.replace(/^#\//, "").split("/");
    let target: unknown = root;
    for (const token of pointer) target = isObject(target) ? target[decodeURIComponent(token)] : undefined;
    value = target;
  }
  return isObject(value) ? value : {};
}

/** The declared type(s) of a schema, `allOf`/`$ref` followed one level. */
export function typesOf(schema: Schema, root: Schema): string[] {
  const s = deref(schema, root);
  if (typeof s.type === "string") return [s.type];
  if (Array.isArray(s.type)) return s.type.map(String);
  if (Array.isArray(s.allOf)) return s.allOf.flatMap((x) => typesOf(x as Schema, root));
  if (s.properties || s.required) return ["object"];
  if (Array.isArray(s.enum)) return [...new Set(s.enum.map((e) => (e === null ? "null" : typeof e)))];
  return [];
}

/** Merges `allOf` branches (properties, required, limits) into one schema, enough for sampling. */
export function flatten(schema: unknown, root: Schema): Schema {
  const s = deref(schema, root);
  if (!Array.isArray(s.allOf)) return s;
  const merged: Schema = { ...s, allOf: undefined };
  const props: Schema = { ...(s.properties as Schema | undefined) };
  const required = new Set<string>((s.required as string[] | undefined) ?? []);
  for (const part of s.allOf) {
    const f = flatten(part, root);
    Object.assign(merged, { ...f, properties: undefined, required: undefined });
    Object.assign(props, (f.properties as Schema | undefined) ?? {});
    for (const r of (f.required as string[] | undefined) ?? []) required.add(r);
  }
  merged.properties = props;
  merged.required = [...required];
  return merged;
}

/** One schema-valid value of a schema (examples and defaults first, then a synthesised one). */
export function validArbitrary(schema: unknown, root: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = flatten(schema, root);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.examples) && s.examples.length > 0) return fc.constantFrom(...s.examples);
  if ("example" in s) return fc.constant(s.example);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...s.enum);
  if ("default" in s) return fc.constant(s.default);
  const branches = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) return validArbitrary(branches[0], root, depth);
  const type = typesOf(s, root).find((t) => t !== "null") ?? "string";
  switch (type) {
    case "integer":
    case "number": {
      const min =
        typeof s.minimum === "number" ? s.minimum : typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + 1 : 0;
      const max =
        typeof s.maximum === "number"
          ? s.maximum
          : typeof s.exclusiveMaximum === "number"
            ? s.exclusiveMaximum - 1
            : min + 1000;
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case "boolean":
      return fc.boolean();
    case "array": {
      if (depth > 3) return fc.constant([]);
      const minItems = typeof s.minItems === "number" ? s.minItems : 0;
      return fc.array(validArbitrary(s.items ?? {}, root, depth + 1), { minLength: minItems, maxLength: minItems + 1 });
    }
    case "object": {
      if (depth > 3) return fc.constant({});
      const props = (s.properties as Schema | undefined) ?? {};
      const required = (s.required as string[] | undefined) ?? [];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const name of required) record[name] = validArbitrary(props[name] ?? {}, root, depth + 1);
      return fc.record(record);
    }
    default:
      return stringArbitrary(s);
  }
}

function stringArbitrary(s: Schema): fc.Arbitrary<string> {
  const minLength = typeof s.minLength === "number" ? s.minLength : 0;
  const maxLength = typeof s.maxLength === "number" ? s.maxLength : minLength + 12;
  if (s.format === "date") return fc.constant("2025-03-14");
  if (s.format === "date-time") return fc.constant("2025-03-14T08:00:00Z");
  if (s.format === "email") return fc.constant("ops@example.com");
  if (s.format === "uri") return fc.constant("http://127.0.0.1/x");
  if (s.format === "uuid") return fc.uuid();
  if (typeof s.pattern === "string") {
    const re = new RegExp(s.pattern, "u");
    const most = typeof s.maxLength === "number" ? s.maxLength : Number.POSITIVE_INFINITY;
    // One character class repeated (`^[0-9A-Fa-f]+$`, a hex frame of at least 50 digits):
    // stringMatching's short strings would almost never pass a long minLength, and the filter
    // below would spin for ever — so build the string from that class at the wanted length.
    const repeated = /^\^(\[[^\]]+\])[+*]\$$/.exec(s.pattern);
    if (repeated) {
      const unit = fc.stringMatching(new RegExp(`^${repeated[1]}$`, "u"));
      const least = Math.max(minLength, s.pattern.endsWith("+$") ? 1 : 0);
      return fc.string({ unit, minLength: least, maxLength: Math.min(most, least + 16) }).filter((x) => re.test(x));
    }
    return fc.stringMatching(re).filter((x) => [...x].length >= minLength && [...x].length <= most && re.test(x));
  }
  return fc.string({
    unit: fc.constantFrom(..."abcdef0123"),
    minLength: Math.max(1, minLength),
    maxLength: Math.min(maxLength, minLength + 8),
  });
}

/** One valid sample, or undefined when none can be made (a pattern the lengths exclude). */
export function sampleValid(schema: unknown, root: Schema, seed: number): unknown {
  try {
    return fc.sample(validArbitrary(schema, root), { numRuns: 1, seed })[0];
  } catch {
    return undefined;
  }
}
