import type { Kysely } from "kysely";
import type { Database } from "../../../apps/server/src/db/schema";
import type { OperationInfo } from "../../../apps/server/src/openapi/operations";
import { bodySchemaOf } from "../../../apps/server/src/openapi/requestSchema";
import type { RequestSpec } from "./requests";
import { flatten, type Schema, sampleValid } from "./schemaValues";

/** Real identifiers of one tenant's seeded data, so a baseline request finds something. */
export interface SeedFacts {
  tenantId: number;
  vin: string;
  iccid: string;
  plate: string;
  /** A window around the vehicle's login journal (within the 31-day query limit). */
  startTime: number;
  endTime: number;
}

/** The facts of a tenant (by its code in the platform seed: T0001 demo, T0002 isolation). */
export async function seedFacts(db: Kysely<Database>, tenantCode: string): Promise<SeedFacts> {
  const tenant = await db.selectFrom("tenant").select("id").where("code", "=", tenantCode).executeTakeFirstOrThrow();
  const vehicle = await db
    .selectFrom("vehicle")
    .select(["vin", "iccid", "plate"])
    .where("tenant_id", "=", tenant.id)
    .orderBy("vin")
    .executeTakeFirstOrThrow();
  const range = await db
    .selectFrom("vehicle_login_log")
    .select((eb) => [eb.fn.max("ts").as("last")])
    .where("vin", "=", vehicle.vin)
    .executeTakeFirst();
  const last = Number(range?.last ?? Date.now());
  return {
    tenantId: tenant.id,
    vin: vehicle.vin,
    iccid: String(vehicle.iccid ?? ""),
    plate: String(vehicle.plate ?? ""),
    startTime: last - 30 * 24 * 3600 * 1000,
    endTime: last + 1000,
  };
}

/** Values a baseline uses for parameters and body fields named like seeded identifiers. */
function known(name: string, facts: SeedFacts): unknown {
  switch (name) {
    case "vin":
      return facts.vin;
    case "iccid":
      return facts.iccid;
    case "plateNo":
      return facts.plate;
    case "startTime":
      return facts.startTime;
    case "endTime":
      return facts.endTime;
    default:
      return undefined;
  }
}

const asQueryValue = (v: unknown): string | string[] =>
  Array.isArray(v)
    ? v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x)))
    : typeof v === "object"
      ? JSON.stringify(v)
      : String(v);

/**
 * A request the contract accepts as far as the schemas go: required parameters and body
 * fields filled from examples, defaults and the seed; optional ones left out. Mutations
 * change one thing of it, so each bad input is the only thing wrong with its request.
 */
export function baselineOf(
  op: OperationInfo,
  facts: SeedFacts,
  token: string | undefined,
  options: { seed?: number; fillKnown?: boolean } = {},
): RequestSpec {
  const seed = options.seed ?? 1;
  const spec: RequestSpec = { path: {}, query: {}, headers: {} };
  if (token && op.requiresAuth) spec.headers.authorization = `Bearer ${token}`;
  for (const p of op.parameters) {
    // Optional filters named like seeded identifiers are filled on request (cross-tenant checks).
    if (!p.required && !(options.fillKnown && known(p.name, facts) !== undefined)) continue;
    const value = known(p.name, facts) ?? sampleValid(p.schema, p.schema as Schema, seed);
    if (value === undefined) continue;
    if (p.in === "path") spec.path[p.name] = String(value);
    else if (p.in === "query") spec.query[p.name] = asQueryValue(value);
    else if (p.in === "header") spec.headers[p.name.toLowerCase()] = String(value);
  }
  const bodySchema = bodySchemaOf(op) as Schema | undefined;
  if (bodySchema !== undefined) {
    const flat = flatten(bodySchema, bodySchema);
    const sample = sampleValid(bodySchema, bodySchema, seed);
    const body: Record<string, unknown> =
      sample && typeof sample === "object" && !Array.isArray(sample) ? { ...(sample as object) } : {};
    for (const name of Object.keys((flat.properties as Schema | undefined) ?? {})) {
      const v = known(name, facts);
      if (
        v !== undefined &&
        (options.fillKnown || name in body || ((flat.required as string[] | undefined) ?? []).includes(name))
      ) {
        body[name] = v;
      }
    }
    if (op.requestBody?.content["application/json"] !== undefined) {
      spec.headers["content-type"] = "application/json";
      spec.body = JSON.stringify(body);
    } else {
      spec.headers["content-type"] = "application/x-www-form-urlencoded";
      spec.body = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
    }
  }
  return spec;
}
