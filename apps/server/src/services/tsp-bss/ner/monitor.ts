import * as d from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest } from "../../../http/envelope";
import { numberedPage, where } from "../../../platform/listQuery";
import { inTenants } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import type { Handler } from "../../types";
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

/** The distinct VINs of an `ids` query (comma-separated, as the contract's pattern allows). */
const vinsOf = (ids: string) => [...new Set(ids.split(","))];

/**
 * insertNerMonitor: adds the tenant's VINs under `type` and reports each VIN — added, already
 * there (left as it was) or refused (not a vehicle of the tenant: 车辆不存在, whoever owns it, so
 * nothing is told about other tenants). A pasted list keeps its good VINs; a request of which
 * no VIN is known is bad input (400, one failDetail per VIN) and writes nothing.
 */
export const insertNerMonitor = defineHandler<"insertNerMonitor">(async ({ query, principal }, ctx) => {
  const vins = vinsOf(query.ids);
  const owned = await ctx.db
    .selectFrom("vehicle")
    .select(["vin", "tenant_id"])
    .where("vin", "in", vins)
    .where(inTenants("vehicle.tenant_id", principal))
    .execute();
  const refused = vins
    .filter((vin) => !owned.some((r) => r.vin === vin))
    .map((vin) => ({ vin, msg: d.MSG_MONITOR_VIN_UNKNOWN }));
  if (owned.length === 0) {
    throw badRequest(
      `${d.MSG_MONITOR_VIN_UNKNOWN}：${vins.join("、")}`,
      refused.map((r) => ({ field: "ids", msg: `${r.vin}：${r.msg}` })),
    );
  }
  const now = ctx.now().getTime();
  const inserted = await ctx.db
    .insertInto("ner_monitor")
    .values(
      owned.map((r) => ({
        tenant_id: r.tenant_id,
        vin: r.vin,
        type: query.type,
        created_at: now,
        created_by: principal.username,
      })),
    )
    .onConflict((oc) => oc.columns(["vin", "type"]).doNothing())
    .returning("vin")
    .execute();
  const added = vins.filter((vin) => inserted.some((r) => r.vin === vin));
  const already = vins.filter((vin) => owned.some((r) => r.vin === vin) && !added.includes(vin));
  return { changed: added.length, added, already, refused };
});

/** deleteNerMonitor: removes the tenant's VINs from `type`; VINs not there (or not the tenant's) are ignored. */
export const deleteNerMonitor = defineHandler<"deleteNerMonitor">(async ({ query, principal }, ctx) => {
  const result = await ctx.db
    .deleteFrom("ner_monitor")
    .where("vin", "in", vinsOf(query.ids))
    .where("type", "=", query.type)
    .where(inTenants("ner_monitor.tenant_id", principal))
    .executeTakeFirst();
  return { changed: Number(result.numDeletedRows) };
});

/**
 * A stored setting as it is answered: a setting saved before events existed told every event of
 * its thresholds, so it reads with every event chosen.
 */
function storedInform(data: unknown): d.MonitorInformEdit {
  const saved = (typeof data === "string" ? JSON.parse(data) : data) as Partial<d.MonitorInformEdit>;
  return { ...d.DEFAULT_MONITOR_INFORM, ...saved };
}

/** getNerMonitorInform: the tenant's notification setting, or the default (off, nobody told). */
export const getNerMonitorInform = defineHandler<"getNerMonitorInform">(async ({ principal }, ctx) => {
  const row = await ctx.db
    .selectFrom("ner_monitor_inform")
    .selectAll()
    .where("tenant_id", "=", principal.tenantId)
    .executeTakeFirst();
  if (!row) return { ...d.DEFAULT_MONITOR_INFORM, updateBy: null, updateTime: null };
  return { ...storedInform(row.data), updateBy: row.update_by, updateTime: Number(row.update_time) };
});

/** 400 naming the first problem, every problem on its field. */
const refusal = (problems: readonly d.MonitorInformProblem[]) => badRequest(problems[0]?.msg ?? "", [...problems]);

/**
 * setNerMonitorInform: saves the tenant's setting after @tsp/domain's rules (the form applies
 * the same): the schema's field rules — openapi/ checked most of them already —, then the
 * fields together; every problem is one failDetail on its field, nothing saved.
 */
export const setNerMonitorInform = defineHandler<"setNerMonitorInform">(async ({ body, principal }, ctx) => {
  const checked = d.checkRecord(d.MonitorInformEditSchema, body);
  if (!checked.ok) throw refusal(Object.entries(checked.errors).map(([field, msg]) => ({ field, msg })));
  const edit = checked.value;
  const problems = d.monitorInformProblems(edit);
  if (problems.length > 0) throw refusal(problems);
  const now = ctx.now().getTime();
  const data = JSON.stringify(edit);
  await ctx.db
    .insertInto("ner_monitor_inform")
    .values({ tenant_id: principal.tenantId, data, update_by: principal.username, update_time: now })
    .onConflict((oc) => oc.column("tenant_id").doUpdateSet({ data, update_by: principal.username, update_time: now }))
    .execute();
  return { ...edit, updateBy: principal.username, updateTime: now };
});

/** The monitoring slice of tsp-bss (/newCarMonitor/monitorList). */
export const monitorHandlers: Record<string, Handler> = {
  listNerMonitor,
  insertNerMonitor,
  deleteNerMonitor,
  getNerMonitorInform,
  setNerMonitorInform,
};
