import type { OperationInfo, ParameterInfo } from "./operations";
import type { JsonSchema } from "./refs";

/** The parts of Fastify's route schema the router fills from an operation. */
export interface RouteSchema {
  querystring?: Record<string, unknown>;
  params?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  body?: JsonSchema;
}

/** Media types whose bodies the router validates with the operation's schema. */
export const VALIDATED_BODY_TYPES = ["application/json", "application/x-www-form-urlencoded"] as const;

/**
 * Fastify's request schema derived from the operation's parameters and requestBody — the one
 * source of request validation (no schema written twice). Unknown query keys are allowed
 * (cache-busters), as HTTP clients add them.
 */
export function routeSchemaOf(op: OperationInfo): RouteSchema {
  const schema: RouteSchema = {};
  const query = objectOf(op.parameters.filter((p) => p.in === "query"));
  if (query) schema.querystring = query;
  const params = objectOf(op.parameters.filter((p) => p.in === "path"));
  if (params) schema.params = params;
  const headers = objectOf(
    op.parameters.filter((p) => p.in === "header").map((p) => ({ ...p, name: p.name.toLowerCase() })),
  );
  if (headers) schema.headers = headers;
  const body = bodySchemaOf(op);
  if (body) schema.body = body;
  return schema;
}

/** The body schema when the operation takes JSON or form fields (multipart is read by handlers). */
export function bodySchemaOf(op: OperationInfo): JsonSchema | undefined {
  if (!op.requestBody) return undefined;
  for (const type of VALIDATED_BODY_TYPES) {
    const s = op.requestBody.content[type];
    if (s !== undefined) return s;
  }
  return undefined;
}

/** True when the body travels as form fields (strings), so the validator must coerce types. */
export function bodyIsForm(op: OperationInfo): boolean {
  const types = Object.keys(op.requestBody?.content ?? {});
  return types.includes("application/x-www-form-urlencoded") && !types.includes("application/json");
}

function objectOf(params: ParameterInfo[]): Record<string, unknown> | undefined {
  if (params.length === 0) return undefined;
  const properties: Record<string, unknown> = {};
  const defs: Record<string, unknown> = {};
  for (const p of params) {
    if (typeof p.schema === "boolean") {
      properties[p.name] = p.schema;
      continue;
    }
    const { $defs, ...rest } = p.schema as { $defs?: Record<string, unknown> };
    Object.assign(defs, $defs);
    properties[p.name] = rest;
  }
  const out: Record<string, unknown> = {
    type: "object",
    properties,
    required: params.filter((p) => p.required).map((p) => p.name),
  };
  if (Object.keys(defs).length > 0) out.$defs = defs;
  return out;
}
