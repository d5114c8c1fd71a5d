import { demoPlate, demoVin } from "../../../seed/identities";
import { createRng, type Rng } from "../../../seed/rng";
import type { SeedContext, SeedSizes } from "../../types";
import { iccidOf } from "./identifiers";
import type { Editor } from "./nerRecords";

/**
 * Filed new-energy vehicles per demo vehicle of a tenant: the platform seeds a dozen vehicles
 * per tenant (each with a long journal), too few for the master-data screens' search, paging
 * and exports to be worth looking at; these vehicles have no journal, only master data.
 * Default demo set (12 per tenant): 240 more — 210 of the demo tenant, 30 of its sub-tenant,
 * none for the isolation tenant.
 */
export const FLEET_PER_DEMO_VEHICLE = 20;

/** Seed of the fleet's own generator, so the main stream — and every other table — is drawn as before. */
const FLEET_SEED = 0x4e4556;

/** Serial numbers of fleet VINs start here: the platform's VINs end in 100000 + their index. */
const FLEET_SERIAL = 500000;

/**
 * Who edits each tenant's master data (by the order of `SeedContext.tenantIds`): the demo
 * accounts and staff who no longer have an account — the change logs and the update-person
 * filter show several people. The first created the records.
 */
const EDITORS: readonly (readonly Editor[])[] = [
  [
    { updateBy: "admin", updateName: "系统管理员" },
    { updateBy: "operator", updateName: "运营专员" },
    { updateBy: "liuyang", updateName: "刘洋" },
    { updateBy: "chenjing", updateName: "陈静" },
    { updateBy: "zhaolei", updateName: "赵磊" },
  ],
  [
    { updateBy: "tenant2admin", updateName: "隔离租户管理员" },
    { updateBy: "sunli", updateName: "孙丽" },
  ],
  [
    { updateBy: "admin", updateName: "系统管理员" },
    { updateBy: "zhoujie", updateName: "周杰" },
  ],
];

/** The editors of a tenant's master data. */
export function editorsOf(ctx: Pick<SeedContext, "tenantIds">, tenantId: number): readonly Editor[] {
  const index = ctx.tenantIds.indexOf(tenantId);
  return EDITORS[index] ?? (EDITORS[0] as readonly Editor[]);
}

/** The fleet's generator (one per seed run). */
export const fleetRng = (): Rng => createRng(FLEET_SEED);

/**
 * Inserts the fleet's vehicles (VIN with check digit, new-energy plate, a China Mobile or
 * China Telecom card) and answers them in order, for the per-vehicle rows that follow.
 */
export async function insertNevFleet(
  ctx: SeedContext,
  rng: Rng,
  sizes: SeedSizes,
): Promise<{ vin: string; tenantId: number; iccid: string }[]> {
  const [demo, , sub] = ctx.tenantIds;
  if (demo === undefined) return [];
  const count = sizes.vehiclesPerTenant * FLEET_PER_DEMO_VEHICLE;
  const fleet = Array.from({ length: count }, (_, i) => ({
    vin: demoVin(rng, FLEET_SERIAL + i),
    // One in eight belongs to the sub-tenant (its parent sees it too).
    tenantId: sub !== undefined && i % 8 === 3 ? sub : demo,
    iccid: iccidOf(rng, rng.next() < 0.7 ? "CMCC" : "CTCC"),
    // New-energy plates have six characters after the region (GA 36-2018: D/F first).
    plate: rng.next() < 0.9 ? `${demoPlate(rng).slice(0, 2)}${rng.pick(["D", "F"])}${demoPlate(rng).slice(2)}` : null,
  }));
  for (let i = 0; i < fleet.length; i += 500) {
    await ctx.db
      .insertInto("vehicle")
      .values(
        fleet.slice(i, i + 500).map((v) => ({ vin: v.vin, tenant_id: v.tenantId, iccid: v.iccid, plate: v.plate })),
      )
      .execute();
  }
  return fleet.map(({ vin, tenantId, iccid }) => ({ vin, tenantId, iccid }));
}
