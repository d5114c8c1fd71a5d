import {
  checkRecord,
  FLEET_FILTERS_MAX,
  FLEET_GROUP_MAX,
  type FleetFilter,
  FleetFilterNameSchema,
  isEmptyFleetFilter,
  MSG_FLEET_FILTER_EMPTY,
  MSG_FLEET_FILTER_NAME_TAKEN,
  MSG_FLEET_FILTERS_FULL,
  msgFleetGroupTooMany,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, limitOffset } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { chinaDateTime } from "../tbox/sheet";
import {
  filterOfQuery,
  fleetFilterOf,
  fleetMatches,
  fleetModels,
  fleetPage,
  fleetQuery,
  selectFleet,
  toFleetRow,
} from "./filtersQuery";
import { addMembers, groupOf } from "./groups";
import "./filtersTables";

const MSG_FILTER_NOT_FOUND = "未找到该筛选条件";

/** listFleetScreen: a numbered page of the fleet under the filter, followed vehicles first. */
export const listFleetScreen = defineHandler<"listFleetScreen">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const filter = filterOfQuery(query);
  const matches = fleetMatches(ctx.db, p, filter, ctx.now().getTime(), await fleetModels(ctx.db, filter));
  const { limit, offset } = limitOffset(query);
  const rows = await fleetPage(ctx.db, matches, limit, offset).execute();
  // A page past the end has no row to carry the total: count then (rare; the first page always carries it).
  const total = rows[0]?.total ?? (offset === 0 ? 0 : await countOf(matches));
  return { list: rows.map(toFleetRow), total: Number(total) };
});

const BATCH = 500;
const LEVELS = ["无故障", "1级", "2级", "3级"];

/** 高级筛选's export: the list's columns in the list's order. */
export const fleetExporter: ExportSheet = {
  title: "高级筛选",
  columns: [
    { header: "VIN", key: "vin", width: 22 },
    { header: "车牌号", key: "plateNo", width: 12 },
    { header: "品牌", key: "brandName", width: 12 },
    { header: "车系", key: "seriesName", width: 14 },
    { header: "车型", key: "modelName", width: 18 },
    { header: "在线状态", key: "online", width: 10 },
    { header: "最后上报时间", key: "lastReportAt", width: 22 },
    { header: "SOC(%)", key: "soc", width: 10 },
    { header: "车速(km/h)", key: "speed", width: 12 },
    { header: "最高报警等级", key: "alarmLevel", width: 12 },
    { header: "我的关注", key: "followed", width: 10 },
  ],
  total: async (job, ctx) => {
    const filter = job.params.filter as FleetFilter;
    return countOf(fleetMatches(ctx.db, job, filter, Number(job.params.at), await fleetModels(ctx.db, filter)));
  },
  async *rows(job, ctx) {
    const q = selectFleet(fleetQuery(ctx.db, job, job.params.filter as FleetFilter, Number(job.params.at)));
    for (let offset = 0; ; offset += BATCH) {
      const rows = await q.limit(BATCH).offset(offset).execute();
      if (rows.length === 0) return;
      yield rows.map((raw) => {
        const r = toFleetRow(raw);
        return {
          ...r,
          plateNo: r.plateNo ?? "",
          brandName: r.brandName ?? "",
          seriesName: r.seriesName ?? "",
          modelName: r.modelName ?? "",
          online: r.online ? "在线" : "离线",
          lastReportAt: r.lastReportAt === null ? "" : chinaDateTime(r.lastReportAt),
          soc: r.soc ?? "",
          speed: r.speed ?? "",
          alarmLevel: r.alarmLevel === null ? "" : (LEVELS[r.alarmLevel] ?? String(r.alarmLevel)),
          followed: r.followed ? "是" : "",
        };
      });
      if (rows.length < BATCH) return;
    }
  },
};

/** exportFleetScreen: the list's conditions as an export task (the offline cutoff fixed at submission). */
export const exportFleetScreen = defineHandler<"exportFleetScreen">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const filter = filterOfQuery(query);
  const task = await ctx.exports.submit(p, "exportFleetScreen", { filter, at: ctx.now().getTime() });
  return ok(task, EXPORT_SUBMITTED_MSG);
});

/** groupFleetScreen: every match put in a group of the caller's tenants (at most 5,000). */
export const groupFleetScreen = defineHandler<"groupFleetScreen">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const filter = fleetFilterOf(body.filter);
  const group = await groupOf(ctx.db, p.tenantIds, body.groupId);
  const q = fleetMatches(ctx.db, p, filter, ctx.now().getTime(), await fleetModels(ctx.db, filter));
  const matched = await countOf(q);
  if (matched > FLEET_GROUP_MAX) {
    const msg = msgFleetGroupTooMany(matched);
    throw badRequest(msg, [{ field: "filter", msg }]);
  }
  const vins = (await q.select("v.vin").execute()).map((r) => r.vin);
  const report = await addMembers(ctx, p, group.id, vins);
  const already = report.refused.filter((r) => r.msg === "已在分组中").length;
  return ok(
    { matched, added: report.added.length, alreadyMembers: already, refused: report.refused.length - already },
    `已放入分组“${group.name}”：新增 ${report.added.length} 辆`,
  );
});

const savedFilters = (db: Kysely<Database>, accountId: number) =>
  db.selectFrom("operate_fleet_filter").selectAll().where("account_id", "=", accountId);

type SavedRow = Awaited<ReturnType<ReturnType<typeof savedFilters>["execute"]>>[number];

/** A stored filter as the contract's SavedFleetFilter (read back through the domain's schema). */
const toSaved = (r: SavedRow) => ({
  id: r.id,
  name: r.name,
  filter: fleetFilterOf(JSON.parse(r.filter)),
  createdAt: Number(r.created_at),
});

function nameOf(raw: unknown): string {
  const r = checkRecord(FleetFilterNameSchema, { name: raw });
  if (r.ok) return r.value.name;
  const msg = r.errors.name ?? "";
  throw badRequest(msg, [{ field: "name", msg }]);
}

async function nameFree(db: Kysely<Database>, accountId: number, name: string, except?: number) {
  const taken = await savedFilters(db, accountId)
    .where("name", "=", name)
    .$if(except !== undefined, (q) => q.where("id", "<>", except as number))
    .executeTakeFirst();
  if (taken) throw conflict(MSG_FLEET_FILTER_NAME_TAKEN);
}

async function savedOf(db: Kysely<Database>, accountId: number, id: number) {
  const row = await savedFilters(db, accountId).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(MSG_FILTER_NOT_FOUND);
  return row;
}

export const listFleetFilters = defineHandler<"listFleetFilters">(async ({ principal }, ctx) => {
  const rows = await savedFilters(ctx.db, must(principal).accountId).orderBy("name").orderBy("id").execute();
  return rows.map(toSaved);
});

export const createFleetFilter = defineHandler<"createFleetFilter">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const name = nameOf(body.name);
  const filter = fleetFilterOf(body.filter);
  if (isEmptyFleetFilter(filter))
    throw badRequest(MSG_FLEET_FILTER_EMPTY, [{ field: "filter", msg: MSG_FLEET_FILTER_EMPTY }]);
  await nameFree(ctx.db, p.accountId, name);
  if ((await countOf(savedFilters(ctx.db, p.accountId))) >= FLEET_FILTERS_MAX) throw conflict(MSG_FLEET_FILTERS_FULL);
  const row = await ctx.db
    .insertInto("operate_fleet_filter")
    .values({ account_id: p.accountId, name, filter: JSON.stringify(filter), created_at: ctx.now().getTime() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return ok(toSaved(row), "筛选条件已保存");
});

export const renameFleetFilter = defineHandler<"renameFleetFilter">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const name = nameOf(body.name);
  const row = await savedOf(ctx.db, p.accountId, body.id);
  await nameFree(ctx.db, p.accountId, name, row.id);
  const done = await ctx.db
    .updateTable("operate_fleet_filter")
    .set({ name })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return ok(toSaved(done), "筛选条件已重命名");
});

export const deleteFleetFilter = defineHandler<"deleteFleetFilter">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const row = await savedOf(ctx.db, p.accountId, body.id);
  await ctx.db.deleteFrom("operate_fleet_filter").where("id", "=", row.id).execute();
  return ok(null, "筛选条件已删除");
});
