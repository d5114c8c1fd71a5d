import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import type { Handler } from "../../types";
import { must } from "../actor";
import { countOf, vehicleBase } from "../lookups/vehicleBase";
import { limitOffset } from "../paging";
import type { NerGroup } from "../tables";
import { applyNerFilter, type NerFilter, nerFilterOf } from "./filter";
import { GROUP_LIST } from "./groups";
import { readRecord, toGroupRecord, visibleVehicle } from "./records";

/** A page of one group's records of the tenant's vehicles matching the filter, by VIN. */
export async function groupRows(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  group: NerGroup,
  filter: NerFilter,
  page: { limit: number; offset: number } | { afterVin: string | null; limit: number },
) {
  let q = applyNerFilter(vehicleBase(db, tenantIds), filter, group).innerJoin("ner_record as r", (join) =>
    join.onRef("r.vin", "=", "v.vin").on("r.grp", "=", group),
  );
  if ("afterVin" in page && page.afterVin !== null) q = q.where("v.vin", ">", page.afterVin);
  const rows = await q
    .select([
      "v.vin",
      "r.data",
      "r.update_by",
      "r.update_name",
      "r.update_time",
      "v.vehicle_model_id",
      "nm.vehicle_model",
    ])
    .orderBy("v.vin")
    .limit(page.limit)
    .offset("offset" in page ? page.offset : 0)
    .execute();
  return {
    rows: rows.map((r) =>
      toGroupRecord(r, group, { vehicleModelId: r.vehicle_model_id, vehicleModel: r.vehicle_model ?? null }),
    ),
    count: () =>
      countOf(
        applyNerFilter(vehicleBase(db, tenantIds), filter, group).innerJoin("ner_record as r", (join) =>
          join.onRef("r.vin", "=", "v.vin").on("r.grp", "=", group),
        ),
      ),
  };
}

/** queryNer<Group>Info: a numbered page of one group (business-areas.md §7 "query each group"). */
const queryGroup =
  (group: NerGroup): Handler =>
  async ({ body, principal }, ctx) => {
    const b = body as { pageNum: number; pageSize: number };
    const { rows, count } = await groupRows(
      ctx.db,
      must(principal).tenantIds,
      group,
      nerFilterOf(body),
      limitOffset(b.pageNum, b.pageSize),
    );
    return { list: rows, total: await count() };
  };

export const queryNerVehicleInfo = queryGroup("vehicleInfo");
export const queryNerBatteryInfo = queryGroup("batteryInfo");
export const queryNerDriveInfo = queryGroup("driveInfo");
export const queryNerTerminalInfo = queryGroup("terminalInfo");

/**
 * A page of base-info rows (openapi NerBaseInfo): one per vehicle of the tenant matching the
 * filter, with which groups are filled and who changed any of them last. Used by
 * queryNerBaseInfo (numbered pages) and the base-info sheet of exportNerAll (keyset by VIN).
 */
export async function baseInfoRows(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  filter: NerFilter,
  page: { limit: number; offset: number } | { afterVin: string | null; limit: number },
) {
  let q = applyNerFilter(vehicleBase(db, tenantIds), filter, null);
  const counted = q;
  if ("afterVin" in page && page.afterVin !== null) q = q.where("v.vin", ">", page.afterVin);
  const rows = await q
    .select([
      "v.vin",
      "v.plate",
      "v.tbox_sn",
      "v.iccid",
      "sc.msisdn",
      "o.name as oem_name",
      "b.name as brand_name",
      "s.name as series_name",
      "m.name as model_name",
      "v.vehicle_model_id",
      "nm.vehicle_model",
    ])
    .orderBy("v.vin")
    .limit(page.limit)
    .offset("offset" in page ? page.offset : 0)
    .execute();
  const vins = rows.map((r) => r.vin);
  const records =
    vins.length === 0
      ? []
      : await db
          .selectFrom("ner_record")
          .select(["vin", "grp", "update_by", "update_name", "update_time"])
          .where("vin", "in", vins)
          .execute();
  const list = rows.map((r) => {
    const mine = records.filter((x) => x.vin === r.vin);
    const latest = mine.toSorted((x, y) => Number(y.update_time) - Number(x.update_time))[0];
    const filled = Object.fromEntries(GROUP_LIST.map((g) => [g.group, mine.some((x) => x.grp === g.group)])) as Record<
      NerGroup,
      boolean
    >;
    return {
      vin: r.vin,
      plateNo: r.plate,
      oemName: r.oem_name ?? "",
      brandName: r.brand_name ?? "",
      seriesName: r.series_name ?? "",
      modelName: r.model_name ?? "",
      vehicleModelId: r.vehicle_model_id,
      vehicleModel: r.vehicle_model ?? null,
      tboxSn: r.tbox_sn,
      iccid: r.iccid,
      msisdn: r.msisdn ?? null,
      filled,
      updateBy: latest?.update_by ?? null,
      updateName: latest?.update_name ?? null,
      updateTime: latest ? Number(latest.update_time) : null,
    };
  });
  return { list, count: () => countOf(counted) };
}

/** queryNerBaseInfo: one row per vehicle with which groups are filled and who changed it last. */
export const queryNerBaseInfo: Handler = async ({ body, principal }, ctx) => {
  const b = body as { pageNum: number; pageSize: number };
  const { list, count } = await baseInfoRows(
    ctx.db,
    must(principal).tenantIds,
    nerFilterOf(body),
    limitOffset(b.pageNum, b.pageSize),
  );
  return { list, total: await count() };
};

/** getNerSingle<Group>: one group of one vehicle; null when never filled; 404 for a VIN the tenant does not own. */
const singleGroup =
  (group: NerGroup): Handler =>
  async ({ query, principal }, ctx) => {
    const vehicle = await visibleVehicle(ctx.db, String(query.vin), must(principal).tenantIds);
    if (!vehicle) throw notFound("车辆不存在");
    const row = await readRecord(ctx.db, vehicle.vin, group);
    return row
      ? toGroupRecord(row, group, {
          vehicleModelId: vehicle.vehicle_model_id,
          vehicleModel: vehicle.vehicle_model ?? null,
        })
      : null;
  };

export const getNerSingleVehicleInfo = singleGroup("vehicleInfo");
export const getNerSingleBatteryInfo = singleGroup("batteryInfo");
export const getNerSingleDriveInfo = singleGroup("driveInfo");
export const getNerSingleTerminalInfo = singleGroup("terminalInfo");
