import type { StationLevel, StationServiceType } from "@tsp/domain";
import type { Insertable } from "kysely";
import { createRng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import { DISTRICT_POINTS, phoneOf, pointNear } from "../dealer/seed";
import { person } from "../seed/people";
import type { ServiceStationTable } from "./tables";
import "./tables";

/** Service mixes of the demo network, from a full NEV station to a roadside rescue point. */
const MIXES: readonly { level: StationLevel; services: StationServiceType[]; suffix: string }[] = [
  { level: "class1", services: ["maintenance", "repair", "threeElectric", "warranty"], suffix: "新能源服务站" },
  { level: "class2", services: ["maintenance", "repair", "bodyPaint"], suffix: "汽车维修服务中心" },
  { level: "class3", services: ["maintenance", "rescue"], suffix: "快修救援点" },
];
const BRAND_SETS = [[11, 12], [21], [11, 31], [41], [21, 41]] as const;

/**
 * The service station register of each tenant: the stations tsp-bss seeded as the
 * getServiceStationList catalogue (bss_option) move here with their codes and names, and two
 * more per district (a class 2 repair centre, a class 3 quick-repair and rescue point); one
 * closed per tenant. Its own PRNG, so the modules' shared one stays as it was.
 */
export async function seedServiceStations(ctx: SeedContext): Promise<void> {
  const rng = createRng(20_0202);
  const catalogue = await ctx.db
    .selectFrom("bss_option")
    .select(["code", "name", "tenant_id"])
    .where("kind", "=", "getServiceStationList")
    .where("tenant_id", "is not", null)
    .orderBy("code")
    .execute();
  const now = ctx.now.getTime();
  const rows: Insertable<ServiceStationTable>[] = [];
  const closed = new Set<number>();
  for (const [i, s] of catalogue.entries()) {
    const tenantId = s.tenant_id as number;
    // Codes S<district>T<tenant>: the district is the code's digits.
    const areaId = s.code.slice(1, 7);
    const city = s.name.replace(/新能源服务站$/, "");
    for (const [m, mix] of MIXES.entries()) {
      const code = m === 0 ? s.code : `${s.code}-${m + 1}`;
      const shut = m === 2 && !closed.has(tenantId);
      if (shut) closed.add(tenantId);
      rows.push({
        code,
        tenant_id: tenantId,
        name: m === 0 ? s.name : `${city}${mix.suffix}${m + 1}号`,
        area_id: areaId,
        address: `${DISTRICT_POINTS[areaId]?.[2] ?? ""}${rng.int(1, 999)}号`,
        ...pointNear(rng, areaId),
        contact_name: person(rng),
        service_phone: phoneOf(rng, areaId, m === 2),
        service_types: JSON.stringify(mix.services),
        brand_ids: JSON.stringify(BRAND_SETS[(i + m) % BRAND_SETS.length]),
        level: mix.level,
        status: shut ? "closed" : "open",
        updated_at: m === 1 ? now - rng.int(1, 60) * 86_400_000 : 0,
        update_by: m === 1 ? "admin" : null,
        update_name: m === 1 ? "系统管理员" : null,
      });
    }
  }
  if (rows.length > 0) await ctx.db.insertInto("bss_service_station").values(rows).execute();
  // The keyword search reads the register now: the catalogue rows would be a second truth.
  await ctx.db.deleteFrom("bss_option").where("kind", "=", "getServiceStationList").execute();
}
