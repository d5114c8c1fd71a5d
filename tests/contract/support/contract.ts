import { ApiError, createPkce, createTspClient, exchangeCode, memoryTokenStore, type TspClient } from "@tsp/sdk";
import { createAjv } from "../../../apps/server/src/http/ajv";
import { loadDocuments } from "../../../apps/server/src/openapi/documents";
import { listOperations, type OperationInfo } from "../../../apps/server/src/openapi/operations";

/** Every operation of openapi/, as the server reads them. */
export const operations: readonly OperationInfo[] = listOperations(loadDocuments());

export function operation(id: string): OperationInfo {
  const op = operations.find((o) => o.operationId === id);
  if (!op) throw new Error(`openapi/ has no operation ${id}`);
  return op;
}

const ajv = createAjv({ coerce: false });
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/**
 * Checks a JSON answer against the operation's documented response for that status (or
 * `default`); throws with ajv's errors when it does not match. Returns the body.
 */
export function assertMatchesContract(operationId: string, status: number, body: unknown): unknown {
  const op = operation(operationId);
  const response = op.responses[String(status)] ?? op.responses.default;
  if (!response) throw new Error(`${operationId} does not document status ${status}: ${JSON.stringify(body)}`);
  const schema = response["application/json"];
  if (schema === undefined) throw new Error(`${operationId} ${status} has no JSON body in openapi/`);
  const key = `${operationId} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema as object);
    compiled.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(
      `${key} answer does not match openapi/: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    );
  }
  return body;
}

/** A concrete URL of an operation: path parameters filled, query appended. */
export function urlOf(
  base: string,
  op: OperationInfo,
  path: Record<string, string> = {},
  query: Record<string, unknown> = {},
) {
  const p = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(path[name] ?? "x"));
  const url = new URL(p, base);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}

/**
 * An answer already validated against openapi/; tests read its `data` freely.
 */
// biome-ignore lint/suspicious/noExplicitAny: the shape was just checked by ajv against the contract
export type Answer = { code: number | string; msg: string; data: any };

/** What a contract call sends: the operation's parameters and body, as an SDK user passes them. */
export interface CallInit {
  token?: string;
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  /** A JSON body. */
  body?: unknown;
  /** A form body (`application/x-www-form-urlencoded`), for the sign-in page and the token call. */
  form?: Record<string, string>;
  /** A multipart body. */
  multipart?: FormData;
  /** A raw body (an object store PUT); send its `content-type` in `headers`. */
  raw?: Uint8Array | string;
  /** Extra headers (a Basic client header, a wrong content type). */
  headers?: Record<string, string>;
}

/** The answer of a contract call: status, headers and the body (parsed JSON, or bytes for files and pages). */
export interface Called {
  status: number;
  headers: Headers;
  body: Answer;
  /** The raw body of a non-JSON answer (a page, a file); empty for JSON. */
  bytes: Uint8Array;
}

/** JSON answers (application/json, +json), not NDJSON streams (application/x-ndjson: checked as files). */
const isJson = (contentType: string | null) => /(?<![a-z])json/i.test(contentType ?? "");

/**
 * Checks a non-JSON answer (a page, a file, a redirect) against openapi/: the status must be
 * documented, and a body's media type must be one the operation documents for that status.
 */
export function assertFileMatchesContract(operationId: string, status: number, contentType: string | null): void {
  const op = operation(operationId);
  const response = op.responses[String(status)] ?? op.responses.default;
  if (!response) throw new Error(`${operationId} does not document status ${status}`);
  const documented = Object.keys(response);
  if (documented.length === 0) return;
  const media = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const ok = documented.some(
    (m) => m === media || m === "*/*" || (m.endsWith("/*") && media.startsWith(m.slice(0, -1))),
  );
  if (!ok) throw new Error(`${operationId} ${status} answered ${media}; openapi/ documents ${documented.join(", ")}`);
}

/**
 * Calls an operation THROUGH @tsp/sdk (its openapi-fetch client and runtime: token, envelope
 * check, typed errors), exactly as a script would, and validates whatever comes back against
 * openapi/: JSON answers by schema, pages and files by status and media type. Failing answers
 * are read from the SDK's `ApiError` (status and body), so the test sees them as they are;
 * redirects are not followed, so the sign-in form's 302 is visible.
 */
export async function call(base: string, operationId: string, init: CallInit = {}): Promise<Called> {
  const op = operation(operationId);
  let raw: Response | undefined;
  const sdk = createTspClient<Record<string, never>>({
    baseUrl: base.replace(/\/$/, ""),
    tokenStore: memoryTokenStore(init.token),
    // The SDK's own fetch option: keep the last raw answer's headers (Location, Content-Type).
    fetch: (async (request: Request) => {
      raw = await fetch(request, { redirect: "manual" });
      return raw;
    }) as typeof fetch,
  });
  const pathParams = Object.fromEntries(
    [...op.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name, init.path?.[name ?? ""] ?? "x"]),
  );
  const successMedia = Object.keys(op.responses["200"] ?? op.responses["201"] ?? {});
  const jsonAnswer = successMedia.length === 0 || successMedia.some((m) => isJson(m));
  let status: number;
  let body: unknown;
  try {
    const answer = await sdk.raw(op.method.toUpperCase(), op.path, {
      params: { path: pathParams, ...(init.query ? { query: dropUndefined(init.query) } : {}) },
      dedupe: false,
      ...(init.headers ? { headers: init.headers } : {}),
      ...(init.body !== undefined ? { body: init.body } : {}),
      ...(init.form
        ? {
            body: init.form as never,
            bodySerializer: ((form: Record<string, string>) => new URLSearchParams(form).toString()) as never,
            headers: { "content-type": "application/x-www-form-urlencoded", ...init.headers },
          }
        : {}),
      ...(init.multipart ? { body: init.multipart as never, bodySerializer: ((form: FormData) => form) as never } : {}),
      ...(init.raw !== undefined
        ? { body: init.raw as never, bodySerializer: ((bytes: Uint8Array | string) => bytes) as never }
        : {}),
      parseAs: jsonAnswer ? "json" : "arrayBuffer",
    });
    status = answer.response.status;
    body = answer.data;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    status = error.status;
    body = error.body;
  }
  const headers = raw?.headers ?? new Headers();
  const contentType = headers.get("content-type");
  if (isJson(contentType)) {
    assertMatchesContract(operationId, status, body);
    return { status, headers, body: body as Answer, bytes: new Uint8Array() };
  }
  assertFileMatchesContract(operationId, status, body === undefined || body === "" ? null : contentType);
  const bytes =
    body instanceof ArrayBuffer ? new Uint8Array(body) : new TextEncoder().encode(typeof body === "string" ? body : "");
  return { status, headers, body: undefined as unknown as Answer, bytes };
}

/** The body of a page or text answer. */
export const textOf = (answer: Called) => new TextDecoder().decode(answer.bytes);

/** openapi-fetch would send `undefined` as the text "undefined"; a caller means "absent". */
function dropUndefined(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
}

export const CONSOLE_CLIENT = { clientId: "tsp-console", clientSecret: "tsp-console-secret" };
export const AUTOMATION_CLIENT = { clientId: "tsp-automation", clientSecret: "tsp-automation-secret" };

/** An SDK client on the test server with its own in-memory token. */
export function sdkFor(base: string): TspClient<Record<string, never>> {
  return createTspClient<Record<string, never>>({ baseUrl: base.replace(/\/$/, ""), tokenStore: memoryTokenStore() });
}

/**
 * Signs in as a person does: the authorize page's form, the 302 back with a code, then the
 * SDK's code exchange. Returns the SDK client holding the token, and the token.
 */
export async function signIn(base: string, username: string, password: string, state = "s-123") {
  const redirectUri = "http://127.0.0.1:5173/";
  // tsp-console must use PKCE (RFC 7636): its secret is public.
  const pkce = await createPkce();
  const res = await call(base, "submitAuthorizeForm", {
    form: {
      response_type: "code",
      client_id: CONSOLE_CLIENT.clientId,
      redirect_uri: redirectUri,
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: "S256",
      username,
      password,
    },
  });
  if (res.status !== 302) throw new Error(`sign-in of ${username} answered ${res.status}`);
  const location = new URL(res.headers.get("location") ?? "");
  const code = location.searchParams.get("code");
  if (!code) throw new Error("no code in the redirect");
  const sdk = sdkFor(base);
  const token = await exchangeCode(sdk, { ...CONSOLE_CLIENT, code, redirectUri, state, codeVerifier: pkce.verifier });
  return { sdk, token: token.access_token };
}
