import type { OperationId, operations, paths } from "@tsp/sdk/generated";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../context";
import type { Envelope } from "../http/envelope";
import type { Principal } from "../platform/principal";
import type { Handler, HandlerInput } from "./types";

/**
 * Handlers typed by the contract. Every type here is read from the SDK's generated types
 * (openapi-typescript's `paths`, found through the generated operations table's literal
 * `path` and `method`), so a handler cannot drift from openapi/ without `tsc` saying so.
 */

type Meta<Id extends OperationId> = (typeof operations)[Id];

/** openapi-typescript's `operations["<Id>"]` type of one operation. */
export type OperationOf<Id extends OperationId> = paths[Meta<Id>["path"]][Lowercase<Meta<Id>["method"]>];

/** `never` (openapi-typescript's "no such part") and undefined read as the empty object. */
type OrEmpty<T> = [NonNullable<T>] extends [never] ? Record<string, never> : NonNullable<T>;

type ParametersOf<Id extends OperationId> = OperationOf<Id> extends { parameters: infer P } ? P : never;

/** The query of an operation, as validated and coerced by the router (ajv, defaults applied). */
export type QueryOf<Id extends OperationId> = OrEmpty<ParametersOf<Id> extends { query?: infer Q } ? Q : never>;

/** The path parameters of an operation (`/x/{id}` → `{ id }`), coerced to their declared types. */
export type PathOf<Id extends OperationId> = OrEmpty<ParametersOf<Id> extends { path?: infer P } ? P : never>;

type RequestBodyOf<Id extends OperationId> = OperationOf<Id> extends { requestBody?: infer R } ? R : never;

/**
 * The parsed body: JSON or URL-encoded form. Multipart and raw bodies are not parsed by the
 * router (read them with `request.file()`), so they arrive as undefined; an optional body
 * may be undefined.
 */
type ParsedBody<C> = C extends { "application/json": infer B }
  ? B
  : C extends { "application/x-www-form-urlencoded": infer B }
    ? B
    : undefined;
export type BodyOf<Id extends OperationId> = [NonNullable<RequestBodyOf<Id>>] extends [never]
  ? undefined
  : NonNullable<RequestBodyOf<Id>> extends { content: infer C }
    ? ParsedBody<C> | (undefined extends RequestBodyOf<Id> ? undefined : never)
    : undefined;

type SuccessOf<Id extends OperationId> = OperationOf<Id> extends { responses: { 200: infer R } } ? R : never;

/**
 * The envelope's `data` of the success answer, which the handler returns (the router wraps
 * it). `unknown` for operations whose answer is not a JSON envelope with a typed `data`
 * (files, pages, redirects): those send the reply themselves.
 */
export type DataOf<Id extends OperationId> =
  SuccessOf<Id> extends {
    content: { "application/json": { data: infer D } };
  }
    ? D
    : unknown;

/** What a typed handler receives: `HandlerInput` with query, path and body of its operation. */
/**
 * Who is calling: always set on a protected operation (the router answered 401 before the
 * handler otherwise), possibly null on a public one (`security: []`, `x-public`).
 */
export type PrincipalOf<Id extends OperationId> = Meta<Id>["public"] extends false ? Principal : Principal | null;

export interface TypedInput<Id extends OperationId>
  extends Omit<HandlerInput, "query" | "params" | "body" | "principal"> {
  query: QueryOf<Id>;
  /** Path parameters (`/tsp-bss/search/{name}` → `params.name`). */
  params: PathOf<Id>;
  body: BodyOf<Id>;
  principal: PrincipalOf<Id>;
}

/**
 * What a typed handler may return: the success `data`, the same wrapped by `ok(data, msg)`
 * for a message of its own, or the reply it sent itself (files, redirects, HTML).
 */
export type TypedResult<Id extends OperationId> = DataOf<Id> | Envelope<DataOf<Id>> | FastifyReply;

/** A handler for operation `Id`; assignable to `Handler` for a module's `handlers` record. */
export type TypedHandler<Id extends OperationId> = (input: TypedInput<Id>, ctx: AppContext) => Promise<TypedResult<Id>>;

/**
 * `Handler` marked with the operation it was written for, so a table typed with
 * `HandlerTable` rejects a handler registered under another operationId.
 */
export type OperationHandler<Id extends OperationId> = Handler & { readonly operationId?: Id };

/**
 * Writes a handler for one operation of openapi/, typed from the generated contract:
 *
 * ```ts
 * export const listProviders = defineHandler<"listProviders">(async ({ query }, ctx) => …);
 * ```
 *
 * `query`, `params` and `body` have the operation's types (already validated and coerced by
 * the router, so no `String(query.x)` / `Number(query.x)`), and what the handler returns is
 * checked against the success answer's `data`. The result is a plain `Handler`.
 */
export function defineHandler<Id extends OperationId>(handler: TypedHandler<Id>): OperationHandler<Id> {
  // The router passes exactly what the types describe (validated against the same schemas).
  return handler as unknown as OperationHandler<Id>;
}

/**
 * A module's handlers keyed by operationId: a misspelt key, or a `defineHandler<"a">`
 * registered under "b", fails `tsc`. Plain `Handler`s (not yet typed) are still accepted.
 */
export type HandlerTable = { [Id in OperationId]?: OperationHandler<Id> };
