import { type Expression, type SqlBool, sql } from "kysely";
import type { AppContext } from "../../context";
import "../../gateway/stores/latestStateTables";
import "../../gateway/stores/tables";
import "../../gateway/tables";
import { inTenants } from "../../platform/principal";
import { defineHandler } from "../defineHandler";
import { must } from "../tsp-bss/actor";
import "../tsp-bss/tables";
import { CHINA_UTC_OFFSET_MS as CHINA_OFFSET_MS } from "@tsp/domain";

const DAY = 86_400_000;

/** The start of the UTC+8 day holding `ms`. */
export const chinaDayStart = (ms: number) => Math.floor((ms + CHINA_OFFSET_MS) / DAY) * DAY - CHINA_OFFSET_MS;

const int = (x: unknown) => Number(x ?? 0);
const oneDecimal = (x: unknown) => Math.round(Number(x ?? 0) * 10) / 10;

/** The aggregates every breakdown shares: vehicles, online, alarming (newest level ≥ 1 or an episode still on). */
const counts = [
  sql<number>`count(*)::int`.as("vehicles"),
  sql<number>`(count(*) filter (where g.online = true))::int`.as("online"),
  sql<number>`(count(*) filter (where coalesce(l.alarm_level, 0) >= 1
    or exists (select 1 from gateway_alarm a where a.vin = v.vin and a.ended_at is null)))::int`.as("alarming"),
] as const;

/**
 * getOperateOverview: the fleet of the caller's tenants at a glance, every figure one SQL
 * aggregate (no row read per vehicle). Nothing identifying is answered (no VIN, no exact place).
 */
export const getOperateOverview = defineHandler<"getOperateOverview">(async ({ principal }, ctx) =>
  fleetOverview(ctx, inTenants("v.tenant_id", must(principal))),
);

/** The overview's figures over the vehicles `scope` (a condition on `v`) admits; the public 大屏 passes every tenant's. */
export async function fleetOverview(ctx: AppContext, scope: Expression<SqlBool>) {
  const now = ctx.now().getTime();
  const dayStart = chinaDayStart(now);
  const fleet = ctx.db
    .selectFrom("vehicle as v")
    .leftJoin("gateway_vehicle_state as g", "g.vin", "v.vin")
    .leftJoin("gateway_latest_state as l", "l.vin", "v.vin")
    .where(scope);
  const [totals, brands, cells, alarms, today] = await Promise.all([
    fleet
      .select(
        sql<Record<string, number | string>>`json_build_object(
          'vehicles', count(*),
          'online', count(*) filter (where g.online = true),
          'never', count(*) filter (where coalesce(g.online, false) = false and g.last_report_at is null and l.collected_at is null),
          'alarming', count(*) filter (where coalesce(l.alarm_level, 0) >= 1
            or exists (select 1 from gateway_alarm a where a.vin = v.vin and a.ended_at is null)))`.as("t"),
      )
      .executeTakeFirstOrThrow(),
    fleet
      .leftJoin("bss_model as m", "m.id", "v.model_id")
      .leftJoin("bss_series as s", "s.id", "m.series_id")
      .leftJoin("bss_brand as b", "b.id", "s.brand_id")
      .select([
        sql<number>`coalesce(b.id, 0)`.as("brand_id"),
        sql<string>`coalesce(b.name, '未分类')`.as("brand_name"),
        ...counts,
      ])
      .groupBy(["b.id", "b.name"])
      .orderBy(sql`count(*)`, "desc")
      .orderBy(sql`coalesce(b.id, 0)`)
      .execute(),
    fleet
      .select([
        sql<number>`floor(coalesce(l.longitude, g.longitude)) + 0.5`.as("lng"),
        sql<number>`floor(coalesce(l.latitude, g.latitude)) + 0.5`.as("lat"),
        ...counts,
      ])
      .where(
        sql<boolean>`coalesce(l.longitude, g.longitude) is not null and coalesce(l.latitude, g.latitude) is not null`,
      )
      .groupBy([sql`floor(coalesce(l.longitude, g.longitude))`, sql`floor(coalesce(l.latitude, g.latitude))`])
      .orderBy(sql`count(*)`, "desc")
      .execute(),
    ctx.db
      .selectFrom("gateway_alarm as a")
      .innerJoin("vehicle as v", "v.vin", "a.vin")
      .where(scope)
      .where("a.started_at", ">=", dayStart)
      .select(["a.level", sql<number>`count(*)::int`.as("n")])
      .groupBy("a.level")
      .execute(),
    // Per vehicle: the odometer's rise today and every SOC fall between consecutive positions.
    sql<{ mileage: number | string | null; soc_used: number | string | null; energy: number | string | null }>`
      with pts as (
        select p.vin, p.mileage_km, p.soc,
          lag(p.soc) over (partition by p.vin order by p.collected_at, p.seq) as prev_soc
        from gateway_position p join vehicle v on v.vin = p.vin
        where ${scope} and p.collected_at >= ${dayStart} and p.collected_at <= ${now}
      ), per as (
        select vin, greatest(coalesce(max(mileage_km) - min(mileage_km), 0), 0) as km,
          coalesce(sum(greatest(prev_soc - soc, 0)), 0) as soc_used
        from pts group by vin
      )
      select sum(per.km) as mileage, sum(per.soc_used) as soc_used,
        sum(per.soc_used * nm.rated_energy / 100.0) as energy
      from per join vehicle v on v.vin = per.vin
      left join ner_vehicle_model nm on nm.id = v.vehicle_model_id`.execute(ctx.db),
  ]);
  const t = totals.t;
  const online = int(t.online);
  const never = int(t.never);
  const level = (n: number) => int(alarms.find((a) => a.level === n)?.n);
  const day = today.rows[0];
  const breakdown = (r: { vehicles: unknown; online: unknown; alarming: unknown }) => ({
    vehicles: int(r.vehicles),
    online: int(r.online),
    alarming: int(r.alarming),
  });
  return {
    at: now,
    vehicles: int(t.vehicles),
    online,
    offline: int(t.vehicles) - online - never,
    neverReported: never,
    alarming: int(t.alarming),
    mileageToday: oneDecimal(day?.mileage),
    energyToday: oneDecimal(day?.energy),
    socUsedToday: oneDecimal(day?.soc_used),
    alarmsToday: { level1: level(1), level2: level(2), level3: level(3) },
    byBrand: brands.map((b) => ({
      brandId: int(b.brand_id),
      brandName: String(b.brand_name),
      ...breakdown(b),
    })),
    byCell: cells.map((c) => ({ lng: Number(c.lng), lat: Number(c.lat), ...breakdown(c) })),
  };
}
