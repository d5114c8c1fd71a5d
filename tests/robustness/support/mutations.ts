import * as fc from "fast-check";
import type { OperationInfo, ParameterInfo } from "../../../apps/server/src/openapi/operations";
import { bodySchemaOf } from "../../../apps/server/src/openapi/requestSchema";
import { cloneSpec, type RequestSpec } from "./requests";
import { deref, flatten, type Schema, typesOf } from "./schemaValues";

/**
 * What the server must answer to a mutated request:
 * - "400", "413", "415": exactly that status (the request is wrong by the contract's schemas);
 * - "4xx": refused, any client-error status (wrong in a way the handler must notice);
 * - "survive": still valid by the schemas (odd but legal text, extra query keys): any answer
 *   but a 5xx; if it is refused, it is refused cleanly.
 */
export type Expectation = "400" | "413" | "415" | "4xx" | "survive";

/** One kind of bad input for one operation, as a fast-check arbitrary of whole requests. */
export interface Mutation {
  kind: string;
  expect: Expectation;
  arb: fc.Arbitrary<RequestSpec>;
}

/** Characters that break naive code: controls, NUL, RTL override, zero-width, emoji, CJK, quotes, SQL and HTML metacharacters. */
const NASTY_UNITS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\b",
  "\t",
  "\n",
  "\r",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u200b",
  "\u202e",
  "\ufeff",
  "\ufffd",
  "😀",
  "𠮷",
  "中",
  "é",
  "e\u0301",
  "'",
  '"',
  "`",
  "\\",
  "%",
  "_",
  "*",
  ";",
  "--",
  "/*",
  "<",
  ">",
  "&",
  "$",
  "{",
  "}",
  "../",
  "%00",
  "%2e%2e",
  "' or 1=1 --",
  "<script>alert(1)</script>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection payload, literally
  "${jndi:x}",
  "{{7*7}}",
  "a",
];

/** Strings made of nasty pieces, between `min` and `max` code points long. */
export const nastyString = (min = 1, max = 40) =>
  fc
    .array(fc.constantFrom(...NASTY_UNITS), { minLength: Math.max(1, min), maxLength: Math.max(1, max) })
    .map((parts) => parts.join(""));

/** A long string of one repeated character. */
const longString = (min: number, max: number, chars: readonly string[] = ["A", "中", "9", "é"]) =>
  fc.tuple(fc.integer({ min, max }), fc.constantFrom(...chars)).map(([n, ch]) => ch.repeat(n));

/**
 * Long query values, multi-byte ones included (3 bytes each once encoded): past Node's 16 KB
 * header limit the server answers a 431 envelope (fixed defect, SECURITY.md).
 */
const QUERY_CHARS = ["A", "中", "9", "é"];

/**
 * Free text a schema allows, NUL included: PostgreSQL cannot store NUL in text, so the server
 * refuses it with a 400 before any handler runs (fixed defect, SECURITY.md).
 */
const FREE_TEXT_UNITS = NASTY_UNITS;

const MAX_QUERY_STRING = 4000;

/**
 * Texts that are no JSON number. "Infinity" and "-Infinity" pass ajv's integer check after
 * coercion; the server refuses non-finite numbers itself (fixed defect, SECURITY.md).
 */
const NOT_NUMBERS = ["NaN", "1e", "0x1G", "--1", "1,5", "true", "Infinity", "-Infinity"];

/** Header values must be visible ASCII (fetch refuses anything else before it is sent). */
const headerSafe = (v: string) => /^[\x21-\x7e]+$/.test(v);

const schemaOf = (p: ParameterInfo): Schema => flatten(p.schema, p.schema as Schema);
const isNumeric = (s: Schema, root: Schema) => typesOf(s, root).some((t) => t === "integer" || t === "number");

/** A query value for a parameter, as fetch would send it. */
function withParam(base: RequestSpec, p: ParameterInfo, value: string | undefined): RequestSpec {
  const spec = cloneSpec(base);
  const bag = p.in === "path" ? spec.path : p.in === "header" ? spec.headers : spec.query;
  const key = p.in === "header" ? p.name.toLowerCase() : p.name;
  if (value === undefined) delete bag[key];
  else bag[key] = value;
  return spec;
}

function pickParam(params: ParameterInfo[]): fc.Arbitrary<ParameterInfo> {
  return fc.constantFrom(...params);
}

/** Mutations of the query, path and header parameters. */
function parameterMutations(op: OperationInfo, base: RequestSpec): Mutation[] {
  const out: Mutation[] = [];
  const params = op.parameters.filter((p) => p.in !== "cookie");
  const requiredOptional = params.filter((p) => p.required && p.in !== "path");
  if (requiredOptional.length > 0) {
    out.push({
      kind: "missing required parameter",
      expect: "400",
      arb: pickParam(requiredOptional).map((p) => withParam(base, p, undefined)),
    });
  }
  const numeric = params.filter((p) => isNumeric(schemaOf(p), p.schema as Schema));
  if (numeric.length > 0) {
    out.push({
      kind: "wrong type (text for a number)",
      expect: "400",
      arb: fc
        .tuple(
          pickParam(numeric),
          fc.oneof(
            fc.constantFrom(...NOT_NUMBERS),
            nastyString(1, 10).map((s) => `x${s}`),
          ),
        )
        .map(([p, v]) => withParam(base, p, v)),
    });
  }
  const booleans = params.filter((p) => typesOf(schemaOf(p), p.schema as Schema).includes("boolean"));
  if (booleans.length > 0) {
    out.push({
      kind: "wrong type (text for a boolean)",
      expect: "400",
      arb: fc
        .tuple(pickParam(booleans), fc.constantFrom("yes", "maybe", "TRUE!", "2", "null", "[]"))
        .map(([p, v]) => withParam(base, p, v)),
    });
  }
  const bounded = numeric.filter((p) => {
    const s = schemaOf(p);
    return typeof s.minimum === "number" || typeof s.maximum === "number";
  });
  if (bounded.length > 0) {
    out.push({
      kind: "number outside its bounds",
      expect: "400",
      arb: pickParam(bounded).chain((p) => {
        const s = schemaOf(p);
        const outside: fc.Arbitrary<number | bigint>[] = [];
        if (typeof s.minimum === "number")
          outside.push(
            fc.integer({ min: -(2 ** 31), max: Math.ceil(s.minimum) - 1 }),
            fc.constant(Math.ceil(s.minimum) - 1),
          );
        if (typeof s.maximum === "number") {
          outside.push(
            fc.integer({ min: Math.floor(s.maximum) + 1, max: Math.floor(s.maximum) + 2 ** 31 }),
            fc.constant(Math.floor(s.maximum) + 1),
          );
          outside.push(fc.constant(2n ** 64n));
        }
        return fc.oneof(...outside).map((n) => withParam(base, p, String(n)));
      }),
    });
  }
  const longable = params.filter(
    (p) => typeof schemaOf(p).maxLength === "number" && (schemaOf(p).maxLength as number) < MAX_QUERY_STRING,
  );
  if (longable.length > 0) {
    out.push({
      kind: "string longer than maxLength",
      expect: "400",
      arb: pickParam(longable).chain((p) => {
        const max = schemaOf(p).maxLength as number;
        return longString(max + 1, Math.min(MAX_QUERY_STRING, max + 2000), QUERY_CHARS).map((v) =>
          withParam(base, p, v),
        );
      }),
    });
  }
  const constrained = params.filter((p) => {
    const s = schemaOf(p);
    return typeof s.pattern === "string" || Array.isArray(s.enum);
  });
  if (constrained.length > 0) {
    out.push({
      kind: "text outside the pattern or enum (controls, Unicode, injection)",
      expect: "400",
      arb: pickParam(constrained).chain((p) => {
        const s = schemaOf(p);
        const re = typeof s.pattern === "string" ? new RegExp(s.pattern, "u") : null;
        const allowed = Array.isArray(s.enum) ? s.enum.map(String) : null;
        return nastyString(1, 30)
          .map((v) => Buffer.from(v, "utf8").toString("utf8"))
          .filter((v) => (re ? !re.test(v) : true) && (allowed ? !allowed.includes(v) : true))
          .map((v) =>
            p.in === "header" ? (headerSafe(v) ? v : `x-${Buffer.from(v).toString("hex").slice(0, 20)}`) : v,
          )
          .map((v) => withParam(base, p, v));
      }),
    });
  }
  const dates = params.filter((p) => ["date", "date-time"].includes(String(schemaOf(p).format)));
  if (dates.length > 0) {
    out.push({
      kind: "malformed date",
      expect: "400",
      arb: fc
        .tuple(
          pickParam(dates),
          fc.constantFrom(
            "2025-02-30",
            "2025-13-01",
            "2025-00-10",
            "20250314",
            "14/03/2025",
            "yesterday",
            "2025-03-14T25:61:00Z",
            "0000-00-00",
            "2025-3-4",
          ),
        )
        .map(([p, v]) => withParam(base, p, v)),
    });
  }
  const freeText = params.filter((p) => {
    const s = schemaOf(p);
    return (
      p.in === "query" &&
      typesOf(s, p.schema as Schema).includes("string") &&
      s.pattern === undefined &&
      s.enum === undefined &&
      s.format === undefined
    );
  });
  if (freeText.length > 0) {
    out.push({
      kind: "free text with controls, Unicode and injection (valid by schema)",
      expect: "survive",
      arb: pickParam(freeText).chain((p) => {
        const s = schemaOf(p);
        const max = typeof s.maxLength === "number" ? s.maxLength : 200;
        const min = typeof s.minLength === "number" ? s.minLength : 0;
        return fc
          .array(fc.constantFrom(...FREE_TEXT_UNITS), {
            minLength: Math.max(1, min),
            maxLength: Math.max(1, Math.min(max, 60)),
          })
          .map((parts) => [...Buffer.from(parts.join(""), "utf8").toString("utf8")].slice(0, max).join(""))
          .filter((v) => [...v].length >= min)
          .map((v) => withParam(base, p, v));
      }),
    });
    out.push({
      kind: "empty text filter",
      expect: "survive",
      arb: pickParam(freeText).map((p) => withParam(base, p, "")),
    });
  }
  out.push({
    kind: "unknown and repeated query keys",
    expect: "survive",
    arb: fc.tuple(nastyString(1, 8), nastyString(0, 20)).map(([k, v]) => {
      const spec = cloneSpec(base);
      spec.query[`x${k}`] = [v, v];
      return spec;
    }),
  });
  return out;
}

/** A JSON value of a type the schema does not allow. */
function wrongTypeValue(allowed: string[]): fc.Arbitrary<unknown> {
  const all: [string, fc.Arbitrary<unknown>][] = [
    ["string", nastyString(1, 10)],
    ["number", fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(-1))],
    ["integer", fc.integer()],
    ["boolean", fc.boolean()],
    ["array", fc.constant([1, "a"])],
    ["object", fc.constant({ a: 1 })],
    ["null", fc.constant(null)],
  ];
  const numeric = allowed.includes("number") || allowed.includes("integer");
  const choices = all.filter(([t]) => !allowed.includes(t) && !(numeric && (t === "number" || t === "integer")));
  return fc.oneof(...choices.map(([, a]) => a));
}

/** Mutations of JSON and form bodies. */
function bodyMutations(op: OperationInfo, base: RequestSpec): Mutation[] {
  const out: Mutation[] = [];
  const root = bodySchemaOf(op) as Schema | undefined;
  if (!root) return out;
  const json = op.requestBody?.content["application/json"] !== undefined;
  const contentType = json ? "application/json" : "application/x-www-form-urlencoded";
  const flat = flatten(root, root);
  const props = (flat.properties as Schema | undefined) ?? {};
  const required = ((flat.required as string[] | undefined) ?? []).filter((r) => r in props || true);
  const baseBody: Record<string, unknown> = json
    ? (JSON.parse(String(base.body ?? "{}")) as Record<string, unknown>)
    : Object.fromEntries(new URLSearchParams(String(base.body ?? "")));
  const withBody = (body: string | Uint8Array, type = contentType) => {
    const spec = cloneSpec(base);
    spec.headers["content-type"] = type;
    spec.body = body;
    return spec;
  };
  const encodeBody = (b: Record<string, unknown>) =>
    json ? JSON.stringify(b) : new URLSearchParams(Object.entries(b).map(([k, v]) => [k, String(v)])).toString();

  if (required.length > 0) {
    out.push({
      kind: "body without a required field",
      expect: "400",
      arb: fc.constantFrom(...required).map((name) => {
        const b = { ...baseBody };
        delete b[name];
        return withBody(encodeBody(b));
      }),
    });
  }
  if (json) {
    out.push({
      kind: "body of the wrong JSON type",
      expect: "400",
      arb: fc.constantFrom("[]", '"text"', "42", "null", "true", "[{}]").map((b) => withBody(b)),
    });
    const typed = Object.keys(props).filter((name) => typesOf(deref(props[name], root), root).length > 0);
    if (typed.length > 0) {
      out.push({
        kind: "body field of the wrong type",
        expect: "400",
        arb: fc
          .constantFrom(...typed)
          .chain((name) =>
            wrongTypeValue(typesOf(deref(props[name], root), root)).map((v) =>
              withBody(JSON.stringify({ ...baseBody, [name]: v })),
            ),
          ),
      });
    }
    const longable = Object.keys(props).filter((name) => typeof flatten(props[name], root).maxLength === "number");
    if (longable.length > 0) {
      out.push({
        kind: "body string longer than maxLength",
        expect: "400",
        arb: fc.constantFrom(...longable).chain((name) => {
          const max = flatten(props[name], root).maxLength as number;
          return longString(max + 1, max + 5000).map((v) => withBody(JSON.stringify({ ...baseBody, [name]: v })));
        }),
      });
    }
    out.push({
      kind: "extra body fields (prototype keys, junk)",
      expect: flat.additionalProperties === false ? "400" : "survive",
      arb: fc
        .tuple(fc.constantFrom("__proto__", "constructor", "zzUnknown", "tenantId", "tenant_id"), nastyString(1, 10))
        .map(([k, v]) =>
          // Written by hand so "__proto__" is a real key of the JSON text, not lost by JSON.stringify.
          withBody(
            `${JSON.stringify(baseBody).replace(/}$/, "")}${Object.keys(baseBody).length > 0 ? "," : ""}${JSON.stringify(k)}:${JSON.stringify(k === "__proto__" || k === "constructor" ? { polluted: v } : v)}}`,
          ),
        ),
    });
    out.push({
      kind: "malformed JSON",
      expect: "400",
      arb: fc
        .constantFrom('{"a":', "{'a':1}", '{"a":1,}', "\u0000", "{", '{"a":"\\x"}', "[1,2", '{"a":1}}', "NaN")
        .map((b) => withBody(b)),
    });
  } else {
    out.push({
      kind: "form field with controls and Unicode",
      expect: "survive",
      arb: fc
        .tuple(fc.constantFrom(...(Object.keys(props).length > 0 ? Object.keys(props) : ["x"])), nastyString(1, 30))
        .map(([k, v]) => withBody(encodeBody({ ...baseBody, [k]: Buffer.from(v, "utf8").toString("utf8") }))),
    });
  }
  out.push({
    kind: "wrong content type",
    expect: "415",
    arb: fc
      .constantFrom("application/xml", "image/png", "application/octet-stream", "application/x-yaml")
      .map((t) => withBody(String(base.body ?? ""), t)),
  });
  out.push({
    kind: "oversize body (over the 4 MB limit)",
    expect: "413",
    arb: fc
      .constant(null)
      .map(() =>
        withBody(json ? `{"x":"${"A".repeat(4 * 1024 * 1024 + 16)}"}` : `x=${"A".repeat(4 * 1024 * 1024 + 16)}`),
      ),
  });
  return out;
}

/** A multipart body with one part (file or field), as a browser's FormData would send it. */
function multipart(parts: { name: string; filename?: string; type?: string; data: Uint8Array | string }[]) {
  const boundary = "----tspFuzzBoundary7MA4YWxkTrZu0gW";
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`,
      ),
    );
    chunks.push(Buffer.from(p.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(chunks)), type: `multipart/form-data; boundary=${boundary}` };
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Mutations of multipart uploads (imports, the OTA file): the router does not see inside them, the handler must. */
function multipartMutations(op: OperationInfo, base: RequestSpec): Mutation[] {
  // Imports take spreadsheets only; other uploads (the OTA file server) store any file.
  const spreadsheetsOnly = /xlsx/i.test(`${op.description} ${JSON.stringify(op.requestBody)}`);
  const anyFile: Expectation = spreadsheetsOnly ? "4xx" : "survive";
  const withMultipart = (m: { body: Uint8Array; type: string }) => {
    const spec = cloneSpec(base);
    spec.headers["content-type"] = m.type;
    spec.body = m.body;
    return spec;
  };
  const all: (Mutation | null)[] = [
    {
      kind: "multipart: garbage bytes named .xlsx",
      expect: anyFile,
      arb: fc
        .uint8Array({ minLength: 0, maxLength: 2000 })
        .map((data) => withMultipart(multipart([{ name: "file", filename: "车辆.xlsx", type: XLSX_TYPE, data }]))),
    },
    {
      kind: "multipart: HTML or script named as a spreadsheet or with its own extension",
      expect: anyFile,
      arb: fc
        .constantFrom("a.html", "a.svg", "a.exe", "../../etc/passwd.xlsx", "a.xlsx\u0000.html", "")
        .map((filename) =>
          withMultipart(multipart([{ name: "file", filename, type: "text/html", data: "<script>alert(1)</script>" }])),
        ),
    },
    {
      kind: "multipart: no file part",
      expect: "4xx",
      arb: nastyString(0, 20).map((v) => withMultipart(multipart([{ name: "note", data: v }]))),
    },
    {
      kind: "multipart: truncated body",
      expect: "4xx",
      arb: fc.integer({ min: 10, max: 120 }).map((cut) => {
        const m = multipart([
          { name: "file", filename: "a.xlsx", type: XLSX_TYPE, data: "PK\u0003\u0004 not really a zip" },
        ]);
        return withMultipart({ body: m.body.slice(0, cut), type: m.type });
      }),
    },
    {
      kind: "multipart: JSON instead of a file",
      expect: "4xx",
      arb: fc.constant(null).map(() => {
        const spec = cloneSpec(base);
        spec.headers["content-type"] = "application/json";
        spec.body = '{"file":"x"}';
        return spec;
      }),
    },
    {
      kind: "multipart: file over the 10 MB limit",
      expect: "4xx",
      arb: fc
        .constant(null)
        .map(() =>
          withMultipart(
            multipart([
              { name: "file", filename: "big.xlsx", type: XLSX_TYPE, data: new Uint8Array(10 * 1024 * 1024 + 1024) },
            ]),
          ),
        ),
    },
  ];
  return all.filter((m): m is Mutation => Boolean(m));
}

/** Semantic mutations the schemas cannot catch: forged cursors, reversed and over-long ranges. */
function semanticMutations(op: OperationInfo, base: RequestSpec): Mutation[] {
  const out: Mutation[] = [];
  const names = new Set(op.parameters.map((p) => p.name));
  if (names.has("rowKey")) {
    out.push({
      kind: "forged or truncated cursor",
      expect: "400",
      arb: fc
        .oneof(
          fc.string({ minLength: 1, maxLength: 200 }).map((s) => Buffer.from(s).toString("base64url")),
          fc.constantFrom(
            `${Buffer.from(`login|${String(base.query.vin)}|d|0|9999999999999|1`).toString("base64url")}.AAAA`,
            "bG9naW58.",
            ".",
            "a.b.c",
            "%00",
          ),
          nastyString(1, 30),
        )
        .map((v) => {
          const spec = cloneSpec(base);
          spec.query.rowKey = Buffer.from(v, "utf8").toString("utf8");
          return spec;
        }),
    });
  }
  if (names.has("startTime") && names.has("endTime") && base.query.startTime !== undefined) {
    const start = Number(base.query.startTime);
    out.push({
      kind: "reversed time range",
      expect: "4xx",
      arb: fc.integer({ min: 1, max: 10 ** 9 }).map((d) => {
        const spec = cloneSpec(base);
        spec.query.endTime = String(start - d);
        return spec;
      }),
    });
    if (/31/.test(op.description) || op.parameters.some((p) => /31/.test(p.description ?? ""))) {
      out.push({
        kind: "time range over 31 days",
        expect: "400",
        arb: fc.integer({ min: 32, max: 20000 }).map((days) => {
          const spec = cloneSpec(base);
          spec.query.endTime = String(start + days * 24 * 3600 * 1000);
          return spec;
        }),
      });
    }
  }
  return out;
}

/** Every applicable mutation of an operation, generated from its OpenAPI schemas. */
export function mutationsOf(op: OperationInfo, base: RequestSpec): Mutation[] {
  const types = Object.keys(op.requestBody?.content ?? {});
  return [
    ...parameterMutations(op, base),
    ...bodyMutations(op, base),
    ...(types.includes("multipart/form-data") ? multipartMutations(op, base) : []),
    ...semanticMutations(op, base),
  ];
}
