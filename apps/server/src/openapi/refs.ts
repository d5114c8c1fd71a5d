import type { OpenApiDocuments } from "./documents";

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses) in plain-object form. */
export type JsonSchema = Record<string, unknown> | boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Follows `$ref`s across the openapi/ documents (`./components.yaml#/components/schemas/Envelope`,
 * `#/components/parameters/Vin`).
 *
 * OpenAPI objects (parameters, request bodies, responses) are inlined. Schemas are bundled:
 * each referenced schema is copied once into the `$defs` of the schema being built and the
 * reference rewritten to `#/$defs/<key>`, so recursive schemas (region and brand trees) stay
 * finite and every schema is self-contained for ajv.
 */
export class RefResolver {
  constructor(private readonly docs: OpenApiDocuments) {}

  /** The object a reference points at, and the file that holds it. */
  target(ref: string, fromFile: string): { value: unknown; file: string } {
    const hash = ref.indexOf("#");
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const pointer = hash === -1 ? "" : ref.slice(hash + 1);
    const file = filePart ? filePart.replace(/^\.\//, "") : fromFile;
    const doc = this.docs.get(file);
    if (!doc) throw new Error(`$ref ${ref} in ${fromFile}: no document ${file}`);
    let value: unknown = doc;
    for (const raw of pointer.split("/").slice(1)) {
      const token = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      if (!isObject(value) && !Array.isArray(value)) throw new Error(`$ref ${ref} in ${fromFile}: not found`);
      value = (value as Record<string, unknown>)[token];
      if (value === undefined) throw new Error(`$ref ${ref} in ${fromFile}: not found`);
    }
    return { value, file };
  }

  /** Inlines an OpenAPI object that may be a `$ref` (chains followed). */
  object(node: unknown, file: string): { value: Record<string, unknown>; file: string } {
    let value = node;
    let at = file;
    for (let hops = 0; isObject(value) && typeof value.$ref === "string"; hops++) {
      if (hops > 20) throw new Error(`$ref chain too long in ${file}`);
      const next = this.target(value.$ref, at);
      value = next.value;
      at = next.file;
    }
    if (!isObject(value)) throw new Error(`expected an object in ${file}`);
    return { value, file: at };
  }

  /** A schema with every `$ref` bundled into `defs` (shared by the caller for one root schema). */
  schema(node: unknown, file: string, defs: Record<string, unknown>): JsonSchema {
    return this.walk(node, file, defs) as JsonSchema;
  }

  /** A standalone schema: the bundled `$defs` attached at its root. */
  standalone(node: unknown, file: string): JsonSchema {
    const defs: Record<string, unknown> = {};
    const root = this.schema(node, file, defs);
    if (typeof root === "boolean" || Object.keys(defs).length === 0) return root;
    return { ...root, $defs: { ...(root.$defs as object | undefined), ...defs } };
  }

  private walk(node: unknown, file: string, defs: Record<string, unknown>): unknown {
    if (Array.isArray(node)) return node.map((n) => this.walk(n, file, defs));
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        out.$ref = `#/$defs/${this.bundle(value, file, defs)}`;
      } else if (key === "example" || key === "examples" || key.startsWith("x-")) {
        // Documentation only; kept out of validation schemas.
      } else {
        out[key] = this.walk(value, file, defs);
      }
    }
    return out;
  }

  private bundle(ref: string, fromFile: string, defs: Record<string, unknown>): string {
    const hash = ref.indexOf("#");
    const file = hash === 0 ? fromFile : (hash === -1 ? ref : ref.slice(0, hash)).replace(/^\.\//, "");
    const key = `${file}${hash === -1 ? "" : ref.slice(hash)}`.replace(/[^A-Za-z0-9_]+/g, "_");
    if (!(key in defs)) {
      defs[key] = true; // placeholder first: a recursive schema meets itself here
      const target = this.target(ref, fromFile);
      defs[key] = this.walk(target.value, target.file, defs);
    }
    return key;
  }
}
