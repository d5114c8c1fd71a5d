import type { OperationInfo } from "../../../apps/server/src/openapi/operations";

/** One HTTP request to an operation, as raw as a hostile client could make it. */
export interface RequestSpec {
  /** Path parameters, inserted percent-encoded. */
  path: Record<string, string>;
  /** Query parameters; an array repeats the key. */
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** What came back: status, headers and the body as text and (when it parses) JSON. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Percent-encodes a value the way a client library would; lone surrogates become U+FFFD first. */
export function encode(value: string): string {
  return encodeURIComponent(Buffer.from(value, "utf8").toString("utf8"));
}

/** The URL of a request: path parameters filled, query appended. */
export function urlOf(base: string, op: OperationInfo, spec: RequestSpec): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encode(spec.path[name] ?? "x"));
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(spec.query)) {
    for (const one of Array.isArray(v) ? v : [v]) pairs.push(`${encode(k)}=${encode(one)}`);
  }
  return `${base.replace(/\/$/, "")}${path}${pairs.length > 0 ? `?${pairs.join("&")}` : ""}`;
}

/** Sends a request spec to an operation with plain fetch (no SDK: nothing is corrected on the way). */
export async function send(base: string, op: OperationInfo, spec: RequestSpec): Promise<Answer> {
  const res = await fetch(urlOf(base, op, spec), {
    method: op.method.toUpperCase(),
    headers: spec.headers,
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
    // A Uint8Array is a valid fetch body; the DOM typings want an ArrayBuffer-backed one.
    ...(spec.body !== undefined ? { body: spec.body as BodyInit } : {}),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A copy of a spec (mutations never share objects with the baseline). */
export function cloneSpec(spec: RequestSpec): RequestSpec {
  return {
    path: { ...spec.path },
    query: { ...spec.query },
    headers: { ...spec.headers },
    ...(spec.body !== undefined ? { body: spec.body } : {}),
  };
}

const HAN = /[\u4e00-\u9fff]/;

/**
 * Why an answer is not the error envelope the contract promises (openapi/CONVENTIONS.md
 * "Errors": `{ code, msg, data }`, a Chinese `msg` a person can read, `data` null or
 * `{ failDetail: [{ field, msg }] }`), or null when it is.
 */
export function envelopeProblem(answer: Answer): string | null {
  const body = answer.json as { code?: unknown; msg?: unknown; data?: unknown } | undefined;
  if (!body || typeof body !== "object") return `not JSON: ${answer.text.slice(0, 200)}`;
  if (typeof body.code !== "number" && typeof body.code !== "string") return `no code: ${answer.text.slice(0, 200)}`;
  if (typeof body.msg !== "string" || !HAN.test(body.msg))
    return `msg is not a Chinese sentence: ${answer.text.slice(0, 200)}`;
  if (!("data" in body)) return `no data: ${answer.text.slice(0, 200)}`;
  if (body.data !== null) {
    const fail = (body.data as { failDetail?: unknown }).failDetail;
    if (!Array.isArray(fail) || fail.length === 0)
      return `data is neither null nor failDetail: ${answer.text.slice(0, 200)}`;
    for (const f of fail as { field?: unknown; msg?: unknown }[]) {
      if (typeof f.field !== "string" || typeof f.msg !== "string" || f.msg.length === 0) {
        return `malformed failDetail: ${answer.text.slice(0, 200)}`;
      }
    }
  }
  return null;
}
