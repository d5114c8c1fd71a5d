import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/** OpenAPI's own formats that JSON Schema does not define; checked loosely or not at all. */
const OPENAPI_FORMATS: Record<string, RegExp | true> = {
  int32: true,
  int64: true,
  float: true,
  double: true,
  byte: /^[A-Za-z0-9+/]*={0,2}$/,
  binary: true,
  password: true,
};

/**
 * An ajv for OpenAPI 3.1 schemas (JSON Schema 2020-12) with ajv-formats. `coerce` turns query,
 * path and form strings into the declared types (`"true"` → true, `"20"` → 20, one value →
 * an array); JSON bodies are validated without coercion.
 */
export function createAjv(options: { coerce: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    coerceTypes: options.coerce ? "array" : false,
    useDefaults: true,
    validateFormats: true,
  });
  // ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
  const add = ((addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats) as typeof addFormats;
  add(ajv);
  for (const [name, check] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, check);
  return ajv;
}
