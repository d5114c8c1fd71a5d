import type { OpenApiDocuments } from "./documents";
import { type JsonSchema, RefResolver } from "./refs";

const METHODS = ["get", "post", "put", "patch", "delete", "head", "options"] as const;
export type HttpMethod = (typeof METHODS)[number];

/** One parameter of an operation, `$ref`s resolved. */
export interface ParameterInfo {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/** What the router, the tests and the /docs page know about one OpenAPI operation. */
export interface OperationInfo {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path, e.g. `/tsp-bss/search/{name}`. */
  path: string;
  /** The same path in Fastify's syntax, e.g. `/tsp-bss/search/:name`. */
  routePath: string;
  /** The document it comes from, without extension (`tsp-hbase-proxy`). */
  service: string;
  summary: string;
  description: string;
  /** True when a bearer token is required: not `security: []`, not `x-public`, not only Basic (the token call). */
  requiresAuth: boolean;
  /** The button permission of `x-permission`, when any. */
  permission: string | undefined;
  /** `x-permission-also`: other button permissions granting the same call (any one suffices). */
  alsoPermittedBy: string[];
  longRunning: boolean;
  designed: string | undefined;
  parameters: ParameterInfo[];
  /** Media types of the request body and their bundled schemas. */
  requestBody: { required: boolean; content: Record<string, JsonSchema> } | undefined;
  /** Responses by status code ("200", "400", "default"), media type → bundled schema (null when no body). */
  responses: Record<string, Record<string, JsonSchema>>;
}

/**
 * Every operation of every document (components.yaml included if it has paths), with
 * `$ref`s resolved and schemas bundled. Throws on a duplicate operationId, which
 * openapi/CONVENTIONS.md forbids: the server maps handlers by operationId.
 */
export function listOperations(docs: OpenApiDocuments): OperationInfo[] {
  const refs = new RefResolver(docs);
  const out: OperationInfo[] = [];
  const seen = new Map<string, string>();
  for (const [file, doc] of docs) {
    const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
    const docSecurity = doc.security as unknown[] | undefined;
    for (const [p, rawItem] of Object.entries(paths)) {
      const { value: item, file: itemFile } = refs.object(rawItem, file);
      const shared = (item.parameters as unknown[] | undefined) ?? [];
      for (const method of METHODS) {
        const op = item[method] as Record<string, unknown> | undefined;
        if (!op) continue;
        const operationId = String(op.operationId ?? "");
        if (!operationId) throw new Error(`${file}: ${method.toUpperCase()} ${p} has no operationId`);
        const other = seen.get(operationId);
        if (other) throw new Error(`operationId ${operationId} appears in ${other} and ${file}`);
        seen.set(operationId, file);
        const security = (op.security as unknown[] | undefined) ?? docSecurity ?? [];
        const info: Omit<OperationInfo, "responses"> = {
          operationId,
          method,
          path: p,
          routePath: p.replace(/\{([^}]+)\}/g, ":$1"),
          service: file.replace(/\.ya?ml$/, ""),
          summary: String(op.summary ?? ""),
          description: String(op.description ?? ""),
          requiresAuth: op["x-public"] !== true && needsBearer(security),
          permission: typeof op["x-permission"] === "string" ? op["x-permission"] : undefined,
          alsoPermittedBy: Array.isArray(op["x-permission-also"]) ? op["x-permission-also"].map(String) : [],
          longRunning: op["x-long-running"] === true,
          designed: typeof op["x-designed"] === "string" ? op["x-designed"] : undefined,
          parameters: mergeParameters(refs, shared, itemFile, (op.parameters as unknown[] | undefined) ?? [], file),
          requestBody: requestBodyOf(refs, op.requestBody, file),
        };
        out.push(withLazyResponses(info, () => responsesOf(refs, op.responses, file)));
      }
    }
  }
  return out;
}

function mergeParameters(
  refs: RefResolver,
  shared: unknown[],
  sharedFile: string,
  own: unknown[],
  file: string,
): ParameterInfo[] {
  const byKey = new Map<string, ParameterInfo>();
  const add = (raw: unknown, from: string) => {
    const { value, file: at } = refs.object(raw, from);
    const info: ParameterInfo = {
      name: String(value.name),
      in: value.in as ParameterInfo["in"],
      required: value.required === true || value.in === "path",
      schema: refs.standalone(value.schema ?? {}, at),
    };
    if (typeof value.description === "string") info.description = value.description;
    byKey.set(`${info.in}:${info.name}`, info);
  };
  for (const raw of shared) add(raw, sharedFile);
  for (const raw of own) add(raw, file); // an operation's parameter overrides the path item's
  return [...byKey.values()];
}

function requestBodyOf(refs: RefResolver, raw: unknown, file: string): OperationInfo["requestBody"] {
  if (!raw) return undefined;
  const { value, file: at } = refs.object(raw, file);
  const content: Record<string, JsonSchema> = {};
  for (const [type, media] of Object.entries((value.content ?? {}) as Record<string, { schema?: unknown }>)) {
    content[type] = refs.standalone(media.schema ?? {}, at);
  }
  return { required: value.required === true, content };
}

/**
 * `responses` bundled on first read: only the contract tests read them, while bundling every
 * operation's response schemas was ~0.3 s of each server start and their copies stayed in the
 * idle server's heap (issue 21). Enumerable, so a spread or JSON of the operation still has them.
 */
function withLazyResponses(
  info: Omit<OperationInfo, "responses">,
  bundle: () => OperationInfo["responses"],
): OperationInfo {
  let responses: OperationInfo["responses"] | undefined;
  return Object.defineProperty(info, "responses", {
    enumerable: true,
    get: () => (responses ??= bundle()),
  }) as OperationInfo;
}

function responsesOf(refs: RefResolver, raw: unknown, file: string): OperationInfo["responses"] {
  const out: OperationInfo["responses"] = {};
  for (const [status, rawResponse] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    const { value, file: at } = refs.object(rawResponse, file);
    const content: Record<string, JsonSchema> = {};
    for (const [type, media] of Object.entries((value.content ?? {}) as Record<string, { schema?: unknown }>)) {
      content[type] = refs.standalone(media.schema ?? {}, at);
    }
    out[status] = content;
  }
  return out;
}

/** Whether a security requirement list asks for the bearer scheme. */
function needsBearer(security: unknown[]): boolean {
  return security.some((req) => typeof req === "object" && req !== null && "bearer" in req);
}
