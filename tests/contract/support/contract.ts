import { createTspClient, exchangeCode, memoryTokenStore, type TspClient } from "@tsp/sdk";
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

/**
 * Calls an operation with plain fetch (no SDK runtime), so error answers come back as they
 * are; validates the answer against openapi/ and returns status and body.
 */
export async function call(
  base: string,
  operationId: string,
  init: { token?: string; path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown } = {},
): Promise<{ status: number; body: Answer }> {
  const op = operation(operationId);
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(urlOf(base, op, init.path, init.query), {
    method: op.method.toUpperCase(),
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const body = (await res.json()) as Answer;
  assertMatchesContract(operationId, res.status, body);
  return { status: res.status, body };
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
  const form = new URLSearchParams({
    response_type: "code",
    client_id: CONSOLE_CLIENT.clientId,
    redirect_uri: redirectUri,
    state,
    username,
    password,
  });
  const res = await fetch(new URL("/b-iam-account/oauth/authorize", base), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`sign-in of ${username} answered ${res.status}`);
  const location = new URL(res.headers.get("location") ?? "");
  const code = location.searchParams.get("code");
  if (!code) throw new Error("no code in the redirect");
  const sdk = sdkFor(base);
  const token = await exchangeCode(sdk, { ...CONSOLE_CLIENT, code, redirectUri, state });
  return { sdk, token: token.access_token };
}
