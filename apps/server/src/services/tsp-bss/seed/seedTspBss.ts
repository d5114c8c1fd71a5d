import { type Insertable, sql } from "kysely";
import type { Rng } from "../../../seed/rng";
import type { SeedContext, SeedSizes } from "../../types";
import { GROUPS } from "../ner/groups";
import type { NerChangeLogTable, NerGroup, NerRecordTable, RealnameTable, SimCardTable } from "../tables";
import { creditCode, iccidOf, imei, iotMsisdn, maskName } from "./identifiers";
import {
  BRANDS,
  COLORS,
  DEMO_DISTRICTS,
  MODELS,
  NER_MODELS,
  OEMS,
  PROVIDERS,
  SERIES,
  SHARED_OPTIONS,
} from "./referenceData";

const SURNAMES = ["张", "王", "李", "赵", "陈", "刘", "杨", "黄", "周", "吴", "欧阳"];
const GIVEN = ["伟", "芳", "娜", "敏", "静", "磊", "洋", "勇", "军", "杰"];
const COMPANIES = ["鹏程新能源运输有限公司", "绿源城市配送有限公司", "顺达网约车服务有限公司", "恒通汽车租赁有限公司"];
const SEEDER = { updateBy: "admin", updateName: "系统管理员" };
const DAY = 24 * 3600 * 1000;

const person = (rng: Rng) => `${rng.pick(SURNAMES)}${rng.pick(GIVEN)}${rng.pick(GIVEN)}`;
const dateOf = (ms: number) => new Date(ms + 8 * 3600 * 1000).toISOString().slice(0, 10);

/**
 * tsp-bss demo data: the shared reference data, then per tenant dealers, stations, pick-up
 * points, operating units, SIM cards (the platform vehicles' bound cards plus free ones),
 * machinery, the vehicles' place in the brand tree, T-BOX serials, owners, the four
 * master-data groups (most vehicles filled, some groups left empty), change logs, the
 * monitoring list and real-name states. Only `rng` and `ctx.now` vary it.
 */
export async function seedTspBss(ctx: SeedContext, rng: Rng, sizes: SeedSizes): Promise<void> {
  const { db } = ctx;
  const now = ctx.now.getTime();
  await db
    .insertInto("bss_oem")
    .values([...OEMS])
    .execute();
  await db
    .insertInto("bss_brand")
    .values([...BRANDS])
    .execute();
  await db
    .insertInto("bss_series")
    .values([...SERIES])
    .execute();
  await db
    .insertInto("bss_model")
    .values(MODELS.map(({ id, series_id, name }) => ({ id, series_id, name })))
    .execute();
  await db
    .insertInto("bss_provider")
    .values(PROVIDERS.map(({ id, code, name }) => ({ id, code, name })))
    .execute();
  await db
    .insertInto("bss_vehicle_color")
    .values([...COLORS])
    .execute();
  await db
    .insertInto("bss_option")
    .values(
      Object.entries(SHARED_OPTIONS).flatMap(([kind, items]) =>
        items.map(([code, name], sort) => ({ kind, code, name, tenant_id: null, sort })),
      ),
    )
    .execute();
  const modelIds: number[] = [];
  for (const m of NER_MODELS) {
    const row = await db
      .insertInto("ner_vehicle_model")
      .values({ ...m })
      .returning("id")
      .executeTakeFirstOrThrow();
    modelIds.push(row.id);
  }

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

  // Per-vehicle rows are collected, then written in chunks: the seed stays fast at scale.
  const plates = new Map(
    (await db.selectFrom("vehicle").select(["vin", "plate"]).execute()).map((r) => [r.vin, r.plate]),
  );
  const vehicleRows: VehicleExtension[] = [];
  const simRows: Insertable<SimCardTable>[] = [];
  const realnameRows: Insertable<RealnameTable>[] = [];
  const recordRows: Insertable<NerRecordTable>[] = [];
  const logRows: Insertable<NerChangeLogTable>[] = [];
  for (const [i, v] of ctx.vehicles.entries()) {
    const model = rng.pick(MODELS);
    const provider = rng.pick(PROVIDERS);
    const nerModelId = modelIds[model.nerModel] ?? null;
    const nerModel = NER_MODELS[model.nerModel];
    const sn = `${provider.snPrefix}${String(2400000 + i * 7 + rng.int(0, 6)).padStart(8, "0")}`;
    const plate = plates.get(v.vin) ?? null;
    vehicleRows.push({
      vin: v.vin,
      model_id: model.id,
      vehicle_model_id: nerModelId,
      tbox_sn: sn,
      owner_name: rng.next() < 0.7 ? maskName(person(rng)) : null,
      sold: rng.next() < 0.7,
      aebs: rng.next() < 0.4,
      alarm_level: rng.pick([0, 0, 0, 1, 1, 2, 3]),
    });
    const carrier = v.iccid.startsWith("898603") || v.iccid.startsWith("898611") ? "CTCC" : "CMCC";
    const msisdn = iotMsisdn(rng, carrier);
    simRows.push({ iccid: v.iccid, tenant_id: v.tenantId, msisdn, carrier, vin: v.vin });
    // Real-name state of the bound card: most approved, some pending or rejected, a few never started.
    const state = rng.pick(["approved", "approved", "approved", "pending", "rejected", "unauthenticated"] as const);
    if (state !== "unauthenticated") {
      const company = rng.next() < 0.3;
      realnameRows.push({
        iccid: v.iccid,
        tenant_id: v.tenantId,
        owner_name: company ? rng.pick(COMPANIES) : maskName(person(rng)),
        owner_type: company ? "company" : "person",
        status: state,
        auth_time: now - rng.int(1, 300) * DAY,
      });
    }
    if (i % 8 === 7) continue; // a vehicle whose master data was never filed
    const updated = now - rng.int(1, 90) * DAY - rng.int(0, 86399) * 1000;
    const records: Record<NerGroup, Record<string, unknown>> = {
      vehicleInfo: {
        plateNo: plate,
        plateColor: rng.pick(["渐变绿色", "黄绿双拼色", "蓝色"]),
        vehicleUse: rng.pick(["私人", "网约车", "出租客运", "物流配送", "公交客运"]),
        carBuying: rng.pick(["个人购买", "单位购买", "融资租赁"]),
        buyDate: dateOf(updated - rng.int(30, 700) * DAY),
        creditName: null,
        creditCode: null,
        bodyColor: rng.pick(COLORS).name,
        registerDate: dateOf(updated - rng.int(1, 20) * DAY),
        remark: null,
      },
      batteryInfo: {
        batteryModel: nerModel?.battery_model ?? "FD2-BLADE-57",
        batteryType: rng.pick(["磷酸铁锂", "磷酸铁锂", "三元锂"]),
        manufacturer: rng.pick(["宁德时代新能源科技股份有限公司", "弗迪电池有限公司", "国轩高科股份有限公司"]),
        ratedVoltage: rng.pick([350.4, 403.2, 537.6, 614.4]),
        ratedCapacity: rng.pick([150, 163, 202, 280]),
        ratedEnergy: nerModel?.rated_energy ?? 57.6,
        packCount: 1,
        packCodes: [`${sn}-P1`],
        productionDate: dateOf(updated - rng.int(60, 400) * DAY),
      },
      driveInfo: {
        driveModel: (nerModel?.drive_model ?? "TZ200XSQ").split("、")[0],
        motorPosition: rng.pick(["前置", "后置"]),
        motorCount: 1,
        manufacturer: rng.pick(["弗迪动力有限公司", "精进电动科技股份有限公司", "联合汽车电子有限公司"]),
        ratedPower: rng.pick([70, 80, 100, 150]),
        peakPower: rng.pick([150, 160, 200, 250]),
        peakTorque: rng.pick([310, 330, 360, 2400]),
        maxSpeed: rng.pick([12000, 14000, 16000]),
        motorCodes: [`M${sn}`],
      },
      terminalInfo: {
        tboxModel: nerModel?.tbox_model ?? "HW-TBOX-M5",
        tboxSn: sn,
        manufacturer: provider.name,
        iccid: v.iccid,
        msisdn,
        imei: imei(rng),
        firmwareVersion: `V${rng.int(1, 3)}.${rng.int(0, 9)}.${rng.int(0, 20)}`,
        hardwareVersion: `H${rng.int(1, 2)}.${rng.int(0, 5)}`,
        protocol: rng.next() < 0.8 ? "GB/T 32960-2016" : "GB/T 32960-2025",
      },
    };
    const filled = (["vehicleInfo", "batteryInfo", "driveInfo", "terminalInfo"] as const).filter(
      (g) => g === "vehicleInfo" || rng.next() < 0.85,
    );
    for (const g of filled) {
      const data: Record<string, unknown> = {};
      for (const f of GROUPS[g].fields) data[f.field] = records[g][f.field] ?? null;
      recordRows.push({
        vin: v.vin,
        grp: g,
        tenant_id: v.tenantId,
        data: JSON.stringify(data),
        update_by: SEEDER.updateBy,
        update_name: SEEDER.updateName,
        update_time: updated,
      });
      logRows.push({
        tenant_id: v.tenantId,
        vin: v.vin,
        grp: g,
        changes: JSON.stringify(
          GROUPS[g].fields.map((f) => ({
            field: f.field,
            label: f.label,
            before: null,
            after: data[f.field] ?? null,
          })),
        ),
        update_by: SEEDER.updateBy,
        update_name: SEEDER.updateName,
        update_time: updated,
      });
    }
  }

  for (const chunk of chunks(vehicleRows)) await extendVehicles(db, chunk);
  for (const chunk of chunks(simRows)) {
    // A bound card wins over a free card that happened to draw the same ICCID.
    await db
      .insertInto("bss_sim_card")
      .values(chunk)
      .onConflict((oc) =>
        oc
          .column("iccid")
          .doUpdateSet((eb) => ({ vin: eb.ref("excluded.vin"), tenant_id: eb.ref("excluded.tenant_id") })),
      )
      .execute();
  }
  for (const chunk of chunks(realnameRows)) await db.insertInto("bss_realname").values(chunk).execute();
  for (const chunk of chunks(recordRows)) await db.insertInto("ner_record").values(chunk).execute();
  for (const chunk of chunks(logRows)) await db.insertInto("ner_change_log").values(chunk).execute();

  // Monitoring list: a few key vehicles, offline and alarm watches per tenant.
  for (const tenantId of ctx.tenantIds) {
    const mine = ctx.vehicles.filter((v) => v.tenantId === tenantId);
    const entries = mine.slice(0, 6).map((v, i) => ({
      tenant_id: tenantId,
      vin: v.vin,
      type: ((i % 3) + 1) as 1 | 2 | 3,
      created_at: now - (i + 1) * DAY,
      created_by: "admin",
    }));
    if (entries.length > 0) await db.insertInto("ner_monitor").values(entries).execute();
  }
}

/** The columns tsp-bss adds to a vehicle, as the seed fills them. */
interface VehicleExtension {
  vin: string;
  model_id: number;
  vehicle_model_id: number | null;
  tbox_sn: string;
  owner_name: string | null;
  sold: boolean;
  aebs: boolean;
  alarm_level: number;
}

/** Slices of at most 500 rows (a few thousand bind parameters per statement). */
function* chunks<T>(rows: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** One UPDATE … FROM (VALUES …) for a chunk of vehicles instead of one statement each. */
async function extendVehicles(db: SeedContext["db"], rows: readonly VehicleExtension[]): Promise<void> {
  const values = rows.map(
    (r) =>
      sql`(${r.vin}::varchar, ${r.model_id}::integer, ${r.vehicle_model_id}::integer, ${r.tbox_sn}::varchar, ${r.owner_name}::text, ${r.sold}::boolean, ${r.aebs}::boolean, ${r.alarm_level}::smallint)`,
  );
  await sql`update vehicle as v set model_id = x.model_id, vehicle_model_id = x.vehicle_model_id, tbox_sn = x.tbox_sn,
      owner_name = x.owner_name, sold = x.sold, aebs = x.aebs, alarm_level = x.alarm_level
    from (values ${sql.join(values)}) as x(vin, model_id, vehicle_model_id, tbox_sn, owner_name, sold, aebs, alarm_level)
    where v.vin = x.vin`.execute(db);
}
