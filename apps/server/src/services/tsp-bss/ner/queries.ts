import type { Kysely } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import { numberedPage, where } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { type BodyOf, type DataOf, defineHandler } from "../../defineHandler";
import { briefColumns, toBrief, type VehicleBaseQuery, vehicleBase } from "../lookups/vehicleBase";
import type { NerGroup } from "../tables";
import { byNerFilter, type NerFilter, nerFilterOf } from "./filter";
import { GROUP_LIST, type GroupOp, perGroup } from "./groups";
import { readRecord, toGroupRecord, visibleVehicle } from "./records";

type Tenants = Pick<Principal, "tenantIds">;
type NerQuery = BodyOf<"queryNerVehicleInfo">;
/** Every list of the master data is in VIN order (numbered pages and export batches alike). */
export const BY_VIN = { order: ["v.vin"] } as const;

/** The tenant's vehicles matching the filter that have a record of `group`, joined with it. */
export function groupQuery(db: Kysely<Database>, tenants: Tenants, group: NerGroup, filter: NerFilter) {
  return where(vehicleBase(db, tenants), { filters: byNerFilter(filter, group) }).innerJoin("ner_record as r", (join) =>
    join.onRef("r.vin", "=", "v.vin").on("r.grp", "=", group),
  );
}

type GroupQuery = ReturnType<typeof groupQuery>;

/** The columns of a group record (and the vehicle's announcement model, shown with vehicle info). */
export const groupColumns = (q: GroupQuery) =>
  q.select([
    "v.vin",
    "r.data",
    "r.update_by",
    "r.update_name",
    "r.update_time",
    "v.vehicle_model_id",
    "nm.vehicle_model",
  ]);

/** A row of {@link groupColumns} as the contract's Ner<Group>Info. */
export const toGroupRow =
  <G extends NerGroup>(group: G) =>
  (r: Awaited<ReturnType<ReturnType<typeof groupColumns>["executeTakeFirstOrThrow"]>>) =>
    toGroupRecord(r, group, { vehicleModelId: r.vehicle_model_id, vehicleModel: r.vehicle_model ?? null });

/** A numbered page of one group (business-areas.md §7 "query each group"). */
const groupPage = <G extends NerGroup>(
  group: G,
  { body, principal }: { body: NerQuery; principal: Principal },
  ctx: AppContext,
) =>
  numberedPage(groupQuery(ctx.db, principal, group, nerFilterOf(body)), body, BY_VIN, groupColumns, toGroupRow(group));

type GroupQueryOp = GroupOp<"queryNer">;
/**
 * queryNer<Group> by group. The answer's item type is the group's record (GroupInfo[group]);
 * TypeScript cannot tie a run-time group to its operation, so the page is checked as the
 * union of the four operations' answers.
 */
export const groupQueryHandlers = perGroup("queryNer", "", (group) =>
  defineHandler<GroupQueryOp>(async (input, ctx) => (await groupPage(group, input, ctx)) as DataOf<GroupQueryOp>),
);

/** The tenant's vehicles matching the filter (the base-info view: one row per vehicle). */
export const baseInfoQuery = (db: Kysely<Database>, tenants: Tenants, filter: NerFilter) =>
  where(vehicleBase(db, tenants), { filters: byNerFilter(filter, null) });

/** The vehicle columns of a base-info row. */
export const baseInfoColumns = (q: VehicleBaseQuery) =>
  briefColumns(q).select(["sc.msisdn", "v.vehicle_model_id", "nm.vehicle_model"]);

type BaseInfoRow = Awaited<ReturnType<ReturnType<typeof baseInfoColumns>["execute"]>>[number];

/**
 * Base-info rows (openapi NerBaseInfo) of a page of vehicles: which groups are filled and who
 * changed any of them last (one more query for the page's records). Used by queryNerBaseInfo
 * and the base-info sheet of exportNerAll.
 */
export async function toBaseInfo(db: Kysely<Database>, rows: BaseInfoRow[]) {
  const vins = rows.map((r) => r.vin);
  const records =
    vins.length === 0
      ? []
      : await db
          .selectFrom("ner_record")
          .select(["vin", "grp", "update_by", "update_name", "update_time"])
          .where("vin", "in", vins)
          .execute();
  return rows.map((r) => {
    const mine = records.filter((x) => x.vin === r.vin);
    const latest = mine.toSorted((x, y) => Number(y.update_time) - Number(x.update_time))[0];
    const filled = Object.fromEntries(GROUP_LIST.map((g) => [g.group, mine.some((x) => x.grp === g.group)])) as Record<
      NerGroup,
      boolean
    >;
    return {
      ...toBrief(r),
      vehicleModelId: r.vehicle_model_id,
      vehicleModel: r.vehicle_model ?? null,
      msisdn: r.msisdn ?? null,
      filled,
      updateBy: latest?.update_by ?? null,
      updateName: latest?.update_name ?? null,
      updateTime: latest ? Number(latest.update_time) : null,
    };
  });
}

/** queryNerBaseInfo: one row per vehicle with which groups are filled and who changed it last. */
export const queryNerBaseInfo = defineHandler<"queryNerBaseInfo">(async ({ body, principal }, ctx) => {
  const page = await numberedPage(baseInfoQuery(ctx.db, principal, nerFilterOf(body)), body, BY_VIN, baseInfoColumns);
  return { list: await toBaseInfo(ctx.db, page.list), total: page.total };
});

/** getNerSingle<Group>: one group of one vehicle; null when never filled; 404 for a VIN the tenant does not own. */
async function singleGroup<G extends NerGroup>(
  group: G,
  { query, principal }: { query: { vin: string }; principal: Principal },
  ctx: AppContext,
) {
  const vehicle = await visibleVehicle(ctx.db, query.vin, principal.tenantIds);
  if (!vehicle) throw notFound("车辆不存在");
  const row = await readRecord(ctx.db, vehicle.vin, group);
  return row
    ? toGroupRecord(row, group, {
        vehicleModelId: vehicle.vehicle_model_id,
        vehicleModel: vehicle.vehicle_model ?? null,
      })
    : null;
}

type SingleOp = GroupOp<"getNerSingle">;
/** getNerSingle<Group> by group (the record type as in {@link groupQueryHandlers}). */
export const singleGroupHandlers = perGroup("getNerSingle", "", (group) =>
  defineHandler<SingleOp>(async (input, ctx) => (await singleGroup(group, input, ctx)) as DataOf<SingleOp>),
);
