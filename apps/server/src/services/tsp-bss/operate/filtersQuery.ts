import { checkFleetFilter, type FleetFilter } from "@tsp/domain";
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import "../../../gateway/stores/latestStateTables";
import "../../../gateway/tables";
import { badRequest } from "../../../http/envelope";
import { containsPattern, where } from "../../../platform/listQuery";
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

/** The conditions of `f` on the vehicle itself and its latest state (one source for both query shapes below). */
function stateConditions(f: FleetFilter, now: number): (Expression<SqlBool> | undefined)[] {
  const cutoff = f.offlineHours === undefined ? undefined : now - f.offlineHours * HOUR;
  return [
    f.plate ? sql<SqlBool>`v.plate ilike ${containsPattern(f.plate)}` : undefined,
    f.vin ? sql<SqlBool>`v.vin ilike ${containsPattern(f.vin.toUpperCase())}` : undefined,
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
    f.alarmLevel === undefined ? undefined : sql<SqlBool>`l.alarm_level = ${f.alarmLevel}`,
    f.speedMin === undefined ? undefined : sql<SqlBool>`g.speed_kmh >= ${f.speedMin}`,
    f.speedMax === undefined ? undefined : sql<SqlBool>`g.speed_kmh <= ${f.speedMax}`,
  ];
}

/**
 * The caller's vehicles with master data (brand tree), connection state and newest unit, under
 * every condition of `f`, in one query (joins, no per-row reads). The account's follows are
 * joined so followed vehicles can come first. 我的关注 and the export read it whole; the list
 * reads {@link fleetMatches} (narrow) through {@link fleetPage}.
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
  return where(q, {
    tenant: ["v.tenant_id", principal],
    filters: (w) => [
      w.exact("b.id", f.brandId),
      w.exact("s.id", f.seriesId),
      w.exact("m.id", f.modelId),
      ...stateConditions(f, now),
    ],
  });
}

/**
 * The models a brand-tree condition of `f` allows (null: no such condition), read before the
 * filter query: given `model_id in (…)` as a list the planner sees how many vehicles that is
 * (through the brand ⋈ series ⋈ model joins it guessed one row and probed a brand's 125k
 * vehicles one by one — 0.6 s at 1M vehicles; with the list, one hash join).
 */
export async function fleetModels(db: Kysely<Database>, f: FleetFilter): Promise<number[] | null> {
  if (f.brandId === undefined && f.seriesId === undefined && f.modelId === undefined) return null;
  const rows = await db
    .selectFrom("bss_model as m")
    .innerJoin("bss_series as s", "s.id", "m.series_id")
    .innerJoin("bss_brand as b", "b.id", "s.brand_id")
    .select("m.id")
    .$if(f.brandId !== undefined, (q) => q.where("b.id", "=", f.brandId as number))
    .$if(f.seriesId !== undefined, (q) => q.where("s.id", "=", f.seriesId as number))
    .$if(f.modelId !== undefined, (q) => q.where("m.id", "=", f.modelId as number))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The same matches as {@link fleetQuery}, narrow: only the tables a condition or the order
 * needs (vehicle, connection state, newest unit, follows), the brand tree as `models`
 * ({@link fleetModels}). The list counts and orders these and decorates only its page.
 */
export function fleetMatches(
  db: Kysely<Database>,
  principal: Pick<Principal, "tenantIds" | "accountId">,
  f: FleetFilter,
  now: number,
  models: number[] | null,
) {
  const q = db
    .selectFrom("vehicle as v")
    .leftJoin("gateway_vehicle_state as g", "g.vin", "v.vin")
    .leftJoin("gateway_latest_state as l", "l.vin", "v.vin")
    .leftJoin("operate_vehicle_follow as fo", (j) =>
      j.onRef("fo.vin", "=", "v.vin").on("fo.account_id", "=", principal.accountId),
    );
  return where(q, {
    tenant: ["v.tenant_id", principal],
    filters: () => [
      models === null
        ? undefined
        : models.length === 0
          ? sql<SqlBool>`false`
          : sql<SqlBool>`v.model_id in (${sql.join(models)})`,
      ...stateConditions(f, now),
    ],
  });
}

export type FleetMatches = ReturnType<typeof fleetMatches>;

/** The list's order key "last seen": the newer of the last report and the newest unit's collection. */
const lastSeen = sql<
  number | string | null
>`coalesce(greatest(g.last_report_at, l.collected_at), g.last_report_at, l.collected_at)`;

/**
 * One page of the list and its total in ONE statement: the matches (narrow rows: VIN, follow
 * time, last seen) once, counted and ordered from that one result, and only the page's rows
 * joined to the brand tree and the state columns. Before, the page and `countOf` each ran the
 * whole join, and every match carried its master data into the sort. `total` is null when the
 * page is empty (the caller counts then).
 */
export function fleetPage(db: Kysely<Database>, matches: FleetMatches, limit: number, offset: number) {
  return db
    .with("hit", () => matches.select(["v.vin", "fo.followed_at", lastSeen.as("seen")]))
    .with("page", (w) =>
      w
        .selectFrom("hit")
        .selectAll()
        .orderBy("followed_at", (ob) => ob.desc().nullsLast())
        .orderBy("seen", (ob) => ob.desc().nullsLast())
        .orderBy("vin")
        .limit(limit)
        .offset(offset),
    )
    .selectFrom("page as p")
    .innerJoin("vehicle as v", "v.vin", "p.vin")
    .leftJoin("bss_model as m", "m.id", "v.model_id")
    .leftJoin("bss_series as s", "s.id", "m.series_id")
    .leftJoin("bss_brand as b", "b.id", "s.brand_id")
    .leftJoin("gateway_vehicle_state as g", "g.vin", "v.vin")
    .leftJoin("gateway_latest_state as l", "l.vin", "v.vin")
    .select((eb) => [
      ...ROW_COLUMNS,
      "p.followed_at",
      eb.selectFrom("hit").select(sql<number>`count(*)::int`.as("n")).as("total"),
    ])
    .orderBy("p.followed_at", (ob) => ob.desc().nullsLast())
    .orderBy("p.seen", (ob) => ob.desc().nullsLast())
    .orderBy("p.vin");
}

/** The list's columns of a vehicle (the follow time comes from each query's own follows). */
const ROW_COLUMNS = [
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
] as const;

export type FleetQuery = ReturnType<typeof fleetQuery>;

/** The columns of a row, in the list's order: followed first (newest follow first), the last report newest first, VIN. */
export const selectFleet = (q: FleetQuery) =>
  q
    .select([...ROW_COLUMNS, "fo.followed_at"])
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
