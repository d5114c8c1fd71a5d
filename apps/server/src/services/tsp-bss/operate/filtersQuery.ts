import { checkFleetFilter, type FleetFilter } from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import "../../../gateway/stores/latestStateTables";
import "../../../gateway/tables";
import { badRequest } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import "../tables";
import "./filtersTables";

const HOUR = 3_600_000;

/** The filter of a request (query or body), checked by @tsp/domain; its problems answer 400. */
export function fleetFilterOf(raw: unknown): FleetFilter {
  const r = checkFleetFilter(raw);
  if (r.ok) return r.value;
  const first = r.problems[0]?.msg ?? "";
  throw badRequest(
    `请求参数不正确：${first}`,
    r.problems.map((p) => ({ field: p.field, msg: p.msg })),
  );
}

/** The query parameters of the list and export, without paging, as a filter object. */
export function filterOfQuery(q: Record<string, unknown>): FleetFilter {
  const { pageNum: _n, pageSize: _s, ...rest } = q;
  return fleetFilterOf(Object.fromEntries(Object.entries(rest).filter(([, x]) => x !== undefined && x !== "")));
}

/**
 * The caller's vehicles with master data (brand tree), connection state and newest unit, under
 * every condition of `f`, in one query (joins, no per-row reads). The account's follows are
 * joined so followed vehicles can come first.
 */
export function fleetQuery(
  db: Kysely<Database>,
  principal: Pick<Principal, "tenantIds" | "accountId">,
  f: FleetFilter,
  now: number,
) {
  const q = db
    .selectFrom("vehicle as v")
    .leftJoin("bss_model as m", "m.id", "v.model_id")
    .leftJoin("bss_series as s", "s.id", "m.series_id")
    .leftJoin("bss_brand as b", "b.id", "s.brand_id")
    .leftJoin("gateway_vehicle_state as g", "g.vin", "v.vin")
    .leftJoin("gateway_latest_state as l", "l.vin", "v.vin")
    .leftJoin("operate_vehicle_follow as fo", (j) =>
      j.onRef("fo.vin", "=", "v.vin").on("fo.account_id", "=", principal.accountId),
    );
  const cutoff = f.offlineHours === undefined ? undefined : now - f.offlineHours * HOUR;
  return where(q, {
    tenant: ["v.tenant_id", principal],
    filters: (w) => [
      w.exact("b.id", f.brandId),
      w.exact("s.id", f.seriesId),
      w.exact("m.id", f.modelId),
      w.contains("v.plate", f.plate),
      w.contains("v.vin", f.vin?.toUpperCase()),
      f.online === undefined
        ? undefined
        : f.online === "online"
          ? sql<SqlBool>`g.online = true`
          : sql<SqlBool>`coalesce(g.online, false) = false`,
      f.socMin === undefined ? undefined : sql<SqlBool>`l.soc >= ${f.socMin}`,
      f.socMax === undefined ? undefined : sql<SqlBool>`l.soc < ${f.socMax}`,
      // Offline for N hours: not connected and no report since the cutoff (never reported: offline since ever).
      cutoff === undefined
        ? undefined
        : sql<SqlBool>`coalesce(g.online, false) = false and coalesce(g.last_report_at, 0) < ${cutoff}`,
      w.exact("l.alarm_level", f.alarmLevel),
      f.speedMin === undefined ? undefined : sql<SqlBool>`g.speed_kmh >= ${f.speedMin}`,
      f.speedMax === undefined ? undefined : sql<SqlBool>`g.speed_kmh <= ${f.speedMax}`,
    ],
  });
}

export type FleetQuery = ReturnType<typeof fleetQuery>;

/** The columns of a row, in the list's order: followed first (newest follow first), the last report newest first, VIN. */
export const selectFleet = (q: FleetQuery) =>
  q
    .select([
      "v.vin",
      "v.plate",
      "b.name as brand_name",
      "s.name as series_name",
      "m.name as model_name",
      "g.online",
      "g.last_report_at",
      "l.collected_at",
      "l.soc",
      "g.speed_kmh",
      "l.alarm_level",
      "fo.followed_at",
    ])
    // Followed vehicles first, the newest follow first (a vehicle just followed tops the list).
    .orderBy("fo.followed_at", (ob) => ob.desc().nullsLast())
    .orderBy(sql`coalesce(greatest(g.last_report_at, l.collected_at), g.last_report_at, l.collected_at)`, (ob) =>
      ob.desc().nullsLast(),
    )
    .orderBy("v.vin");

export type FleetDbRow = Awaited<ReturnType<ReturnType<typeof selectFleet>["execute"]>>[number];

const num = (x: number | string | null) => (x === null ? null : Number(x));

/** A row as the contract's FleetRow. */
export function toFleetRow(r: FleetDbRow) {
  const times = [r.last_report_at, r.collected_at].filter((t) => t !== null).map(Number);
  return {
    vin: r.vin,
    plateNo: r.plate,
    brandName: r.brand_name,
    seriesName: r.series_name,
    modelName: r.model_name,
    online: r.online === true,
    lastReportAt: times.length > 0 ? Math.max(...times) : null,
    soc: num(r.soc),
    speed: num(r.speed_kmh),
    alarmLevel: num(r.alarm_level),
    followed: r.followed_at !== null,
  };
}
