import {
  MSG_SALE_DEALER_UNKNOWN,
  MSG_SALE_PICKUP_UNKNOWN,
  MSG_SALE_SOLD,
  MSG_SALE_VEHICLE_UNKNOWN,
  type SaleEdit,
  type SaleProblem,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { inTenants, type Principal } from "../../../platform/principal";
import "../tables";
import "./tables";

/** What the sale rules read of the registers, for one sale or a whole import file. */
export interface SaleFacts {
  /** Dealer code or name → code (the tenant's dealers, either tier). */
  dealerOf: Map<string, string>;
  /** Pick-up point code or name → code. */
  pickupOf: Map<string, string>;
  /** The caller's vehicles among the VINs asked. */
  vehicles: Set<string>;
  /** Those of them already sold. */
  sold: Set<string>;
}

const lookup = (rows: { code: string; name: string }[]) =>
  new Map(rows.flatMap((r) => [[r.name, r.code] as const, [r.code, r.code] as const]));

export async function loadSaleFacts(
  db: Kysely<Database>,
  p: Pick<Principal, "tenantIds">,
  vins: readonly string[],
): Promise<SaleFacts> {
  // Dealers are read by code and name only: the dealer register's other columns are its own.
  const dealers = await db
    .selectFrom("bss_dealer")
    .select(["code", "name"])
    .where(inTenants("bss_dealer.tenant_id", p))
    .execute();
  const pickups = await db
    .selectFrom("bss_option")
    .select(["code", "name"])
    .where("kind", "=", "getPickup")
    .where((eb) => eb.or([eb("tenant_id", "is", null), inTenants("bss_option.tenant_id", p)]))
    .execute();
  const facts: SaleFacts = {
    dealerOf: lookup(dealers),
    pickupOf: lookup(pickups),
    vehicles: new Set(),
    sold: new Set(),
  };
  for (let i = 0; i < vins.length; i += 500) {
    const part = vins.slice(i, i + 500);
    for (const v of await db
      .selectFrom("vehicle")
      .select("vin")
      .where("vin", "in", part)
      .where(inTenants("vehicle.tenant_id", p))
      .execute())
      facts.vehicles.add(v.vin);
    for (const s of await db.selectFrom("bss_vehicle_sale").select("vin").where("vin", "in", part).execute())
      facts.sold.add(s.vin);
  }
  return facts;
}

/** The register rules of a new sale: the caller's vehicle, not sold yet, a known dealer and pick-up point. */
export function saleFactProblems(e: SaleEdit, facts: SaleFacts, isNew: boolean): SaleProblem[] {
  const out: SaleProblem[] = [];
  if (!facts.vehicles.has(e.vin)) out.push({ field: "vin", msg: MSG_SALE_VEHICLE_UNKNOWN });
  else if (isNew && facts.sold.has(e.vin)) out.push({ field: "vin", msg: MSG_SALE_SOLD });
  if (!facts.dealerOf.has(e.dealerCode)) out.push({ field: "dealerCode", msg: MSG_SALE_DEALER_UNKNOWN });
  if (e.pickupCode !== null && !facts.pickupOf.has(e.pickupCode))
    out.push({ field: "pickupCode", msg: MSG_SALE_PICKUP_UNKNOWN });
  return out;
}
