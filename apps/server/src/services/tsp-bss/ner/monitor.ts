import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest } from "../../../http/envelope";
import { numberedPage, where } from "../../../platform/listQuery";
import { inTenants } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import type { Handler } from "../../types";
import { must } from "../actor";
import "../tables";

/** Monitoring entries with their vehicle and its model. */
const monitored = (db: Kysely<Database>) =>
  db
    .selectFrom("ner_monitor as nm")
    .innerJoin("vehicle as v", "v.vin", "nm.vin")
    .leftJoin("bss_model as m", "m.id", "v.model_id");

/** Monitoring list entries (type 1 key vehicle, 2 offline watch, 3 alarm watch) with live state from the journals. */
export const listNerMonitor = defineHandler<"listNerMonitor">(async ({ body, principal }, ctx) => {
  const q = where(monitored(ctx.db), {
    tenant: ["nm.tenant_id", principal],
    filters: (f) => [f.exact("nm.type", body.type), f.contains("nm.vin", body.vin)],
  });
  const columns = (s: typeof q) =>
    s.select([
      "nm.vin",
      "nm.type",
      "nm.created_at",
      "nm.created_by",
      "v.plate",
      "v.alarm_level",
      "m.name as model_name",
      sql<string | null>`(select max(ts) from vehicle_login_log l where l.vin = nm.vin)`.as("last_login"),
      sql<string | null>`(select max(ts) from vehicle_logout_log o where o.vin = nm.vin)`.as("last_logout"),
    ]);
  return numberedPage(q, body, { order: [["nm.created_at", "desc"], "nm.vin", "nm.type"] }, columns, (r) => {
    const login = r.last_login === null ? null : Number(r.last_login);
    const logout = r.last_logout === null ? null : Number(r.last_logout);
    return {
      vin: r.vin,
      plateNo: r.plate,
      type: r.type,
      modelName: r.model_name ?? "",
      // Online: the last frame is a login not yet followed by a logout (GB/T 32960 session).
      online: login !== null && (logout === null || login > logout),
      lastLoginTime: login,
      lastReportTime: login === null && logout === null ? null : Math.max(login ?? 0, logout ?? 0),
      alarmLevel: Number(r.alarm_level),
      createdAt: Number(r.created_at),
      createdBy: r.created_by,
    };
  });
});

/** The VINs of `ids` the tenant owns; any other VIN makes the whole request fail with nothing written. */
async function ownedVins(ids: string, tenantIds: readonly number[], ctx: Parameters<Handler>[1]) {
  const vins = [...new Set(ids.split(","))];
  const rows = await ctx.db
    .selectFrom("vehicle")
    .select(["vin", "tenant_id"])
    .where("vin", "in", vins)
    .where(inTenants("vehicle.tenant_id", { tenantIds }))
    .execute();
  const missing = vins.filter((v) => !rows.some((r) => r.vin === v));
  if (missing.length > 0) {
    const msg = `车辆不存在：${missing.join("、")}`;
    throw badRequest(msg, [{ field: "ids", msg }]);
  }
  return rows;
}

/** insertNerMonitor: adds the VINs under `type`; ones already there stay as they are. */
export const insertNerMonitor: Handler = async ({ query, principal }, ctx) => {
  const p = must(principal);
  const type = Number(query.type) as 1 | 2 | 3;
  const rows = await ownedVins(String(query.ids), p.tenantIds, ctx);
  const now = ctx.now().getTime();
  const result = await ctx.db
    .insertInto("ner_monitor")
    .values(rows.map((r) => ({ tenant_id: r.tenant_id, vin: r.vin, type, created_at: now, created_by: p.username })))
    .onConflict((oc) => oc.columns(["vin", "type"]).doNothing())
    .executeTakeFirst();
  return { changed: Number(result.numInsertedOrUpdatedRows ?? 0) };
};

/** deleteNerMonitor: removes the VINs from `type`; VINs not there are ignored. */
export const deleteNerMonitor: Handler = async ({ query, principal }, ctx) => {
  const p = must(principal);
  const vins = [...new Set(String(query.ids).split(","))];
  const result = await ctx.db
    .deleteFrom("ner_monitor")
    .where("vin", "in", vins)
    .where("type", "=", Number(query.type) as 1 | 2 | 3)
    .where(inTenants("ner_monitor.tenant_id", p))
    .executeTakeFirst();
  return { changed: Number(result.numDeletedRows) };
};

/** The setting until a tenant saves one: disabled, nobody told. */
export const DEFAULT_INFORM = {
  enabled: false,
  channels: [] as string[],
  receivers: [] as unknown[],
  offlineHours: 24,
  alarmLevelMin: 3,
  noLoginDays: 7,
};

/** getNerMonitorInform: the tenant's notification setting, or the default. */
export const getNerMonitorInform: Handler = async ({ principal }, ctx) => {
  const row = await ctx.db
    .selectFrom("ner_monitor_inform")
    .selectAll()
    .where("tenant_id", "=", must(principal).tenantId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_INFORM, updateBy: null, updateTime: null };
  const data = typeof row.data === "string" ? JSON.parse(row.data) : row.data;
  return { ...data, updateBy: row.update_by, updateTime: Number(row.update_time) };
};

type InformEdit = {
  enabled: boolean;
  channels: string[];
  receivers: { name: string; mobile: string | null; email: string | null }[];
};

/** Rules the schema cannot say: an enabled setting reaches somebody, by a channel each receiver can get. */
function informProblem(edit: InformEdit): string | null {
  if (!edit.enabled) return null;
  if (edit.channels.length === 0) return "启用通知时至少选择一种通知方式";
  if (edit.receivers.length === 0) return "启用通知时至少添加一名接收人";
  if (edit.channels.includes("sms")) {
    const r = edit.receivers.find((x) => !x.mobile);
    if (r) return `短信通知需要接收人手机号：${r.name}`;
  }
  if (edit.channels.includes("email")) {
    const r = edit.receivers.find((x) => !x.email);
    if (r) return `邮件通知需要接收人邮箱：${r.name}`;
  }
  return null;
}

/** setNerMonitorInform: saves the tenant's setting and answers it. */
export const setNerMonitorInform: Handler = async ({ body, principal }, ctx) => {
  const p = must(principal);
  const edit = body as InformEdit & Record<string, unknown>;
  const problem = informProblem(edit);
  if (problem) throw badRequest(problem, [{ field: "receivers", msg: problem }]);
  const now = ctx.now().getTime();
  const data = JSON.stringify(edit);
  await ctx.db
    .insertInto("ner_monitor_inform")
    .values({ tenant_id: p.tenantId, data, update_by: p.username, update_time: now })
    .onConflict((oc) => oc.column("tenant_id").doUpdateSet({ data, update_by: p.username, update_time: now }))
    .execute();
  return { ...edit, updateBy: p.username, updateTime: now };
};

/** The monitoring slice of tsp-bss (/newCarMonitor/monitorList). */
export const monitorHandlers: Record<string, Handler> = {
  listNerMonitor,
  insertNerMonitor,
  deleteNerMonitor,
  getNerMonitorInform,
  setNerMonitorInform,
};
