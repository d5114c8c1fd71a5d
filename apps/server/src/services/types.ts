import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Migration } from "kysely/migration";
import type { AppContext } from "../context";
import type { OperationInfo } from "../openapi/operations";
import type { Exporter } from "../platform/exports/exporter";
import type { Importer } from "../platform/imports/importer";
import type { Principal } from "../platform/principal";
import type { Rng } from "../seed/rng";

/**
 * What a handler receives: the request as validated by the router against the operation's
 * OpenAPI parameters and requestBody (query types already coerced), and who is calling.
 */
export interface HandlerInput {
  /** Query parameters, validated and coerced (`reportTimeDesc=true` arrives as a boolean). */
  query: Record<string, unknown>;
  /** Path parameters (`/tsp-bss/search/{name}` → `params.name`). */
  params: Record<string, string>;
  /** JSON or form body, validated; undefined for operations without a body. Multipart bodies are NOT parsed: use `request.file()` / `request.parts()`. */
  body: unknown;
  /**
   * The signed-in account. Always set on protected operations (the router answered 401
   * otherwise); null on public ones (`security: []` / `x-public`).
   */
  principal: Principal | null;
  /** The operation's metadata from openapi/ (operationId, x-permission, …). */
  operation: OperationInfo;
  /** Escape hatches for files, redirects and HTML; if you `reply.send()` yourself, return `reply`. */
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A handler answers the envelope's `data`: return `ok(data, msg?)` (or any value, which is
 * wrapped as `{ code: 200, msg: "操作成功", data: value }`), throw an `ApiError` (`badRequest`,
 * `notFound`, `forbidden`, …) for failures, or send the reply yourself and return `reply`.
 */
export type Handler = (input: HandlerInput, ctx: AppContext) => Promise<unknown>;

/** Sizes of the deterministic demo set; every module scales its rows from these. */
export interface SeedSizes {
  /** Vehicles per tenant. */
  vehiclesPerTenant: number;
  /** Login frames per demo vehicle (each followed by a logout frame). */
  journalPerVehicle: number;
}

/**
 * One service (or one slice of a service) plugged into the reference server. Listed in
 * `services/index.ts`; see apps/server/README.md.
 */
export interface ServiceModule {
  /** The service name, e.g. "tsp-bss"; used in migration names and logs. */
  name: string;
  /**
   * Kysely migrations, keyed by name. Names MUST start with the module name
   * (`"tsp-bss:0001_brands"`): all modules' migrations run in one ordered list, sorted by name.
   */
  migrations: Record<string, Migration>;
  /** Handlers by operationId (unique across every openapi/ document). */
  handlers: Record<string, Handler>;
  /**
   * Exporters by the operationId of the export call that submits them
   * (`ctx.exports.submit(principal, "exportLoginLog", params, fileName)`); the export file
   * list shows that operationId as the task's `operation`.
   */
  exporters?: Record<string, Exporter>;
  /**
   * Importers by the operationId of the upload call that submits them
   * (`ctx.imports.submit(principal, "importNerVehicleInfo", file)`): imports run as tasks.
   */
  importers?: Record<string, Importer>;
  /**
   * Routes that are not JSON operations of openapi/ (e.g. the object store's raw PUT/GET of a
   * signed URL, the authorize form's POST). Use sparingly: everything a client calls through
   * the SDK belongs in openapi/.
   */
  register?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
  /**
   * Writes this module's demo rows, once, inside the seed transaction. Runs after the
   * platform seed (tenants, accounts, vehicles) in the order of `services/index.ts`.
   */
  seed?: (ctx: SeedContext, rng: Rng, sizes: SeedSizes) => Promise<void>;
}

/** What a module's seed may use: the transaction and the facts of the platform seed. */
export interface SeedContext {
  db: AppContext["db"];
  now: Date;
  /** Tenant ids of the demo set: [0] the demo tenant (admin, operator), [1] the isolation tenant, [2] a sub-tenant of [0]. */
  tenantIds: readonly number[];
  /** Vehicles of the platform seed (vin, tenant, ICCID of the bound SIM). */
  vehicles: readonly { vin: string; tenantId: number; iccid: string }[];
}
