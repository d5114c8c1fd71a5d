import type { ValidateFunction } from "ajv";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyValidationResult } from "fastify/types/schema";
import type { AppContext } from "../context";
import type { OperationInfo } from "../openapi/operations";
import { bodyIsForm, routeSchemaOf } from "../openapi/requestSchema";
import type { Principal } from "../platform/principal";
import type { Handler, ServiceModule } from "../services/types";
import { createAjv } from "./ajv";
import { ApiError, badRequest, forbidden, isEnvelope, ok, unauthorized } from "./envelope";
import { unsafeInput } from "./inputGuards";
import { RequestTurns } from "./requestTurns";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The OpenAPI operation a route serves (logs, hooks). */
    operationId?: string;
  }
  interface FastifyRequest {
    /** Set by the router on protected operations. */
    principal: Principal | null;
  }
}

/** The 501 answer of an operation no module implements yet. */
export const NOT_IMPLEMENTED_MSG = "接口尚未实现";

/** Handlers of every module by operationId; two modules claiming one operationId is a start-up error. */
export function handlersOf(modules: readonly ServiceModule[]): Map<string, Handler> {
  const all = new Map<string, Handler>();
  const owner = new Map<string, string>();
  for (const m of modules) {
    for (const [id, handler] of Object.entries(m.handlers)) {
      const other = owner.get(id);
      if (other) throw new Error(`operationId ${id} is handled by both ${other} and ${m.name}`);
      owner.set(id, m.name);
      all.set(id, handler);
    }
  }
  return all;
}

/** Operations in openapi/ that no module handles (they answer 501 接口尚未实现). */
export function unimplementedOperations(ops: readonly OperationInfo[], modules: readonly ServiceModule[]) {
  const handlers = handlersOf(modules);
  return ops.filter((op) => !handlers.has(op.operationId));
}

/** Handlers whose operationId is not in openapi/ (a typo, or a document not written yet). */
export function orphanHandlers(ops: readonly OperationInfo[], modules: readonly ServiceModule[]): string[] {
  const ids = new Set(ops.map((op) => op.operationId));
  return [...handlersOf(modules).keys()].filter((id) => !ids.has(id));
}

/** The challenge of a 401 for a missing or unusable bearer token (RFC 6750 §3). */
export const BEARER_CHALLENGE = 'Bearer realm="tsp"';

/** The response header carrying `authz_version` to authenticated callers. */
export const AUTHZ_VERSION_HEADER = "x-authz-version";

/** The bearer token of a request, never from the query string (CONVENTIONS.md). */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * A validator compiled on its route's first request: compiling every operation's schemas at
 * start took seconds and tens of MB of heap for routes an idle server may never see (issue 21:
 * start ≤ 1 s, idle RSS). The bad-input suite calls every operation, so a schema ajv cannot
 * compile still fails the tests, not a user.
 */
function lazyValidator(compile: () => ValidateFunction): FastifyValidationResult {
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown) => {
    compiled ??= compile();
    const valid = compiled(data) as boolean;
    validate.errors = compiled.errors;
    return valid;
  };
  validate.errors = undefined as ValidateFunction["errors"];
  return validate as FastifyValidationResult;
}

/**
 * Registers one Fastify route per OpenAPI operation: request validation from the operation's
 * parameters and requestBody, bearer authentication and `x-permission` from its metadata,
 * the handler found by operationId, and the envelope around whatever it returns.
 */
export function registerOperations(
  app: FastifyInstance,
  ops: readonly OperationInfo[],
  modules: readonly ServiceModule[],
  ctx: AppContext,
): void {
  const handlers = handlersOf(modules);
  const coercing = createAjv({ coerce: true });
  const strict = createAjv({ coerce: false });
  // One request starts per event-loop turn, so connections keep being accepted under load.
  const turns = new RequestTurns();
  if (!app.hasRequestDecorator("principal")) app.decorateRequest("principal", null);

  for (const op of ops) {
    const handler = handlers.get(op.operationId);
    const formBody = bodyIsForm(op);
    app.route({
      method: op.method.toUpperCase() as "GET",
      url: op.routePath,
      schema: routeSchemaOf(op),
      config: { operationId: op.operationId },
      validatorCompiler: ({ schema, httpPart }) =>
        lazyValidator(() => (httpPart === "body" && !formBody ? strict : coercing).compile(schema as object)),
      // Authentication before parsing and validation: no token → 401 even for bad input.
      onRequest: async (request, reply) => {
        await turns.next();
        if (!op.requiresAuth) return;
        const token = bearerOf(request);
        const principal = token ? await ctx.authenticate(token) : null;
        if (!principal) {
          // RFC 6750 §3: every 401 of the API names the scheme; error="invalid_token" when one was sent.
          reply.header("www-authenticate", token ? `${BEARER_CHALLENGE}, error="invalid_token"` : BEARER_CHALLENGE);
          throw unauthorized();
        }
        // Named before the permission check, so the operation log records a refused call's caller.
        request.principal = principal;
        // The grants' version on every authenticated answer (403s too): a client that saw another
        // value reloads its permissions (openapi components.yaml headers/AuthzVersion).
        if (principal.authzVersion != null) reply.header(AUTHZ_VERSION_HEADER, principal.authzVersion);
        // Any one of the operation's button permissions grants it (x-permission, x-permission-also).
        if (
          op.permission &&
          !principal.permissions.has(op.permission) &&
          !op.alsoPermittedBy.some((a) => principal.permissions.has(a))
        ) {
          throw forbidden(`没有操作权限：${op.permission}`);
        }
      },
      // After validation: values the schemas admit but storage cannot (NUL, ±Infinity) → 400.
      preHandler: async (request) => {
        const unsafe = unsafeInput({ query: request.query, params: request.params, body: request.body });
        if (unsafe) throw badRequest("请求参数不正确", [unsafe]);
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!handler) throw new ApiError(501, NOT_IMPLEMENTED_MSG);
        const result = await handler(
          {
            query: (request.query ?? {}) as Record<string, unknown>,
            params: (request.params ?? {}) as Record<string, string>,
            body: request.body,
            principal: request.principal,
            operation: op,
            request,
            reply,
          },
          ctx,
        );
        if (result === reply || reply.sent) return reply;
        return isEnvelope(result) ? result : ok(result ?? null);
      },
    });
  }
}
