import type { Rng } from "../../../seed/rng";
import type { SeedContext, SeedSizes } from "../../types";
import { creditCode, iccidOf, iotMsisdn, maskName } from "./identifiers";
import { COMPANIES, person } from "./people";
import { DEMO_DISTRICTS } from "./referenceData";

/**
 * Per tenant: dealers, service stations and pick-up points, operating units, free SIM cards
 * and farm machinery.
 */
export async function seedTenantLookups(ctx: SeedContext, rng: Rng, sizes: SeedSizes): Promise<void> {
  const { db } = ctx;
  for (const [t, tenantId] of ctx.tenantIds.entries()) {
    const tag = `T${tenantId}`;
    const districts = t === 1 ? DEMO_DISTRICTS.slice(0, 3) : DEMO_DISTRICTS;
    // Dealers: a selling and a secondary dealer per district.
    await db
      .insertInto("bss_dealer")
      .values(
        districts.flatMap((d, i) => [
          {
            code: `D${d.areaId}${tag}S${i}`,
            tenant_id: tenantId,
            name: `${d.city}市新能源汽车销售服务有限公司${t > 0 ? `（${tag}）` : ""}`,
            area_id: d.areaId,
            kind: "sale" as const,
          },
          {
            code: `D${d.areaId}${tag}X${i}`,
            tenant_id: tenantId,
            name: `${d.city}市二级经销商${i + 1}号店${t > 0 ? `（${tag}）` : ""}`,
            area_id: d.areaId,
            kind: "secondary" as const,
          },
        ]),
      )
      .execute();
    await db
      .insertInto("bss_option")
      .values(
        districts.flatMap((d, i) => [
          {
            kind: "getServiceStationList",
            code: `S${d.areaId}${tag}`,
            name: `${d.city}新能源服务站`,
            tenant_id: tenantId,
            sort: i,
          },
          { kind: "getPickup", code: `P${d.areaId}${tag}`, name: `${d.city}提车点`, tenant_id: tenantId, sort: i },
        ]),
      )
      .execute();
    await db
      .insertInto("bss_credit_unit")
      .values(
        COMPANIES.slice(0, t === 1 ? 2 : 4).map((name, i) => {
          const d = districts[i % districts.length] ?? DEMO_DISTRICTS[0];
          return { code: creditCode(rng, d.areaId), tenant_id: tenantId, name: `${d.city}市${name}` };
        }),
      )
      .execute();
    // Free SIM cards of the tenant.
    const free = Math.max(3, Math.floor(sizes.vehiclesPerTenant * 1.5));
    const freeSims = Array.from({ length: free }, () => {
      const carrier = rng.pick(["CMCC", "CUCC", "CTCC"] as const);
      return { iccid: iccidOf(rng, carrier), tenant_id: tenantId, msisdn: iotMsisdn(rng, carrier), carrier, vin: null };
    });
    await db
      .insertInto("bss_sim_card")
      .values(freeSims)
      .onConflict((oc) => oc.column("iccid").doNothing())
      .execute();
    // Farm machinery.
    const machines = Array.from({ length: t === 1 ? 3 : 8 }, (_, i) => {
      const yto = i % 2 === 0;
      const serial = String(230001 + i + t * 1000);
      return {
        vin: `${yto ? "LYT" : "LLV"}${tag}A${serial}`.slice(0, 17),
        tenant_id: tenantId,
        oem_id: yto ? 5 : 6,
        mein: `${yto ? "DF" : "LV"}${serial}`,
        brand: yto ? "东方红" : "雷沃",
        series: yto ? "LX系列" : "欧豹M系列",
        model: yto ? "LX1204" : "M1504-5G",
        cpxh: yto ? "LX1204" : "M1504",
        cpbh: serial,
        jjxh: rng.pick(["1LF-535", "1BQX-2.5", "2BMG-6"]),
        owner_name: rng.next() < 0.6 ? maskName(person(rng)) : null,
      };
    });
    await db.insertInto("bss_machinery").values(machines).execute();
  }
}
