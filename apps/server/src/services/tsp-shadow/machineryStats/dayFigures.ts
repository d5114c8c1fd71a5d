import { CHINA_UTC_OFFSET_MS as CHINA_OFFSET_MS, MACHINE_SAMPLE_GAP_MS, MACHINE_WORKING_RPM } from "@tsp/domain";
import { type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import { containsPattern } from "../../../platform/listQuery";
import "../../tsp-bss/baseInfoRest/tables";
import "../machinery/tables";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export type MachineryType =
  | "excavator"
  | "loader"
  | "bulldozer"
  | "roller"
  | "crane"
  | "forklift"
  | "tractor"
  | "harvester"
  | "other";

/** Which machines and when: the tenants' machines of `types` (all when absent) matching part of a PIN. */
export interface DayFigureQuery {
  vin?: string | undefined;
  types?: readonly string[] | undefined;
  startTime: number;
  endTime: number;
}

/** One machine's figures on one China-time day, from its reports. */
export interface MachineDayFigures {
  vin: string;
  machineryType: MachineryType;
  model: string;
  /** yyyy-MM-dd, China time. */
  day: string;
  engineHours: number;
  workingHours: number;
  mileageKm: number;
  fuelL: number;
  alarmReports: number;
  alarms: string[];
  /** The day's first position, or null when none was fixed. */
  lng: number | null;
  lat: number | null;
}

/** yyyy-MM-dd of a China-time day number (days since the epoch in UTC+8). */
export const dayText = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** The machines of the query, in PIN order (a PIN filed by two tenants once). */
export async function machinesOf(ctx: AppContext, tenantIds: readonly number[], q: DayFigureQuery) {
  if (tenantIds.length === 0) return [];
  let m = ctx.db
    .selectFrom("bss_machinery_info")
    .select(["vin", "machinery_type", "cpxh"])
    .where(sql<SqlBool>`tenant_id in (${sql.join([...tenantIds])})`);
  if (q.vin) m = m.where(sql<SqlBool>`vin ilike ${containsPattern(q.vin)}`);
  if (q.types && q.types.length > 0) m = m.where("machinery_type", "in", [...q.types]);
  const rows = await m.orderBy("vin").orderBy("tenant_id").execute();
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.vin) && seen.add(r.vin));
}

interface Raw {
  vin: string;
  day: number | string;
  engine_ms: number | string | null;
  working_ms: number | string | null;
  km: number | string | null;
  fuel: number | string | null;
  alarm_reports: number | string;
  alarms: string[] | null;
  lng: number | string | null;
  lat: number | string | null;
}

const num = (x: unknown) => (x === null || x === undefined ? null : Number(x));
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Per machine and China-time day over [startTime, endTime], in SQL over machine_sample: each
 * report's interval to the machine's next one (≤ MACHINE_SAMPLE_GAP_MS, else nothing) counts
 * as engine time when rpm > 0, working time at or above MACHINE_WORKING_RPM, speed × time as
 * mileage and fuel rate × time as fuel, on the day the interval starts. Oldest day first, then PIN.
 */
export async function machineDayFigures(
  ctx: AppContext,
  tenantIds: readonly number[],
  q: DayFigureQuery,
): Promise<MachineDayFigures[]> {
  const machines = await machinesOf(ctx, tenantIds, q);
  if (machines.length === 0) return [];
  const byVin = new Map(machines.map((m) => [m.vin, m]));
  const { rows } = await sql<Raw>`
    with s as (
      select vin, collected_at, engine_rpm, speed_kmh, fuel_rate_lph, longitude, latitude, alarm,
        lead(collected_at) over (partition by vin order by collected_at) - collected_at as step
      from machine_sample
      where vin in (${sql.join(machines.map((m) => m.vin))})
        and collected_at >= ${q.startTime} and collected_at <= ${q.endTime}
    ), i as (
      select *, case when step <= ${MACHINE_SAMPLE_GAP_MS} then step else 0 end as dt,
        floor((collected_at + ${CHINA_OFFSET_MS}) / ${DAY_MS})::bigint as day
      from s
    )
    select vin, day,
      sum(dt) filter (where engine_rpm > 0) as engine_ms,
      sum(dt) filter (where engine_rpm >= ${MACHINE_WORKING_RPM}) as working_ms,
      sum(dt * coalesce(speed_kmh, 0)) / ${HOUR_MS}::float8 as km,
      sum(dt * coalesce(fuel_rate_lph, 0)) / ${HOUR_MS}::float8 as fuel,
      count(*) filter (where alarm is not null) as alarm_reports,
      array_agg(distinct alarm) filter (where alarm is not null) as alarms,
      (array_agg(longitude order by collected_at) filter (where longitude is not null and latitude is not null))[1] as lng,
      (array_agg(latitude order by collected_at) filter (where longitude is not null and latitude is not null))[1] as lat
    from i
    group by vin, day
    order by day, vin`.execute(ctx.db);
  return rows.map((r) => {
    const m = byVin.get(r.vin);
    return {
      vin: r.vin,
      machineryType: (m?.machinery_type ?? "other") as MachineryType,
      model: m?.cpxh ?? "",
      day: dayText(Number(r.day)),
      engineHours: round1((num(r.engine_ms) ?? 0) / HOUR_MS),
      workingHours: round1((num(r.working_ms) ?? 0) / HOUR_MS),
      mileageKm: round1(num(r.km) ?? 0),
      fuelL: round1(num(r.fuel) ?? 0),
      alarmReports: Number(r.alarm_reports),
      alarms: (r.alarms ?? []).toSorted(),
      lng: num(r.lng),
      lat: num(r.lat),
    };
  });
}
