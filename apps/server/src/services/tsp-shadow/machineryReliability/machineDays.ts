import {
  CHINA_UTC_OFFSET_MS as CHINA_OFFSET_MS,
  cellKey,
  FARM_MACHINERY_TYPES,
  MACHINE_SAMPLE_GAP_MS,
  MACHINE_WORKING_RPM,
  type ReliabilityMachineDay,
} from "@tsp/domain";
import { type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import { frameDaySql } from "../../tsp-hbase-proxy/journals/reliability";
import { dayText } from "../machineryStats/dayFigures";
import "../../tsp-bss/baseInfoRest/tables";
import "../machinery/tables";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A reliability test: its farm machines (a type, a model, PINs — all when absent) and period. */
export interface ReliabilityTest {
  startTime: number;
  endTime: number;
  machineryType?: "tractor" | "harvester" | undefined;
  model?: string | undefined;
  vins?: readonly string[] | undefined;
}

interface Raw {
  vin: string;
  machinery_type: string;
  cpxh: string;
  day: number | string | null;
  realtime: number | string | null;
  resent: number | string | null;
  gaps: number | string | null;
  gap_ms: number | string | null;
  longest: number | string | null;
  working_ms: number | string | null;
  lng: number | string | null;
  lat: number | string | null;
}

const num = (x: unknown) => (x === null || x === undefined ? 0 : Number(x));
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Every machine of the test with its China-time days, in one SQL query: the test's machines of
 * the tenants' 机械信息 (a PIN filed by two tenants once), the gateway journal's frame roll-up
 * per day (getReliabilityStats' frameDaySql: real-time, re-sent, gaps) and the working hours
 * and first position of its reports per day (农机数据统计's rule: each report's interval to the
 * next, ≤ MACHINE_SAMPLE_GAP_MS, at or above the working rpm). A machine with neither frames nor
 * reports gives one row with day null. PIN order, then day.
 */
export async function reliabilityMachineDays(
  ctx: AppContext,
  tenantIds: readonly number[],
  q: ReliabilityTest,
): Promise<ReliabilityMachineDay[]> {
  if (tenantIds.length === 0) return [];
  const where: ReturnType<typeof sql<SqlBool>>[] = [
    sql<SqlBool>`tenant_id in (${sql.join([...tenantIds])})`,
    sql<SqlBool>`machinery_type in (${sql.join(q.machineryType ? [q.machineryType] : [...FARM_MACHINERY_TYPES])})`,
  ];
  if (q.model) where.push(sql<SqlBool>`cpxh = ${q.model}`);
  if (q.vins && q.vins.length > 0) where.push(sql<SqlBool>`vin in (${sql.join([...q.vins])})`);
  const machines = sql`
    select distinct on (vin) vin, machinery_type, cpxh from bss_machinery_info
    where ${sql.join(where, sql` and `)}
    order by vin, tenant_id`;
  const { rows } = await sql<Raw>`
    with m as (${machines}),
    fd as ${frameDaySql(sql`select vin from m`, q.startTime, q.endTime)},
    s as (
      select vin, collected_at, engine_rpm, longitude, latitude,
        lead(collected_at) over (partition by vin order by collected_at) - collected_at as step
      from machine_sample
      where vin in (select vin from m) and collected_at >= ${q.startTime} and collected_at <= ${q.endTime}
    ),
    sd as (
      select vin, floor((collected_at + ${CHINA_OFFSET_MS}) / ${DAY_MS})::bigint as day,
        sum(case when step <= ${MACHINE_SAMPLE_GAP_MS} then step else 0 end)
          filter (where engine_rpm >= ${MACHINE_WORKING_RPM}) as working_ms,
        (array_agg(longitude order by collected_at) filter (where longitude is not null and latitude is not null))[1] as lng,
        (array_agg(latitude order by collected_at) filter (where longitude is not null and latitude is not null))[1] as lat
      from s
      group by 1, 2
    ),
    d as (
      select coalesce(fd.vin, sd.vin) as vin, coalesce(fd.day, sd.day) as day,
        fd.realtime, fd.resent, fd.gaps, fd.gap_ms, fd.longest, sd.working_ms, sd.lng, sd.lat
      from fd full join sd on sd.vin = fd.vin and sd.day = fd.day
    )
    select m.vin, m.machinery_type, m.cpxh, d.day, d.realtime, d.resent, d.gaps, d.gap_ms, d.longest,
      d.working_ms, d.lng, d.lat
    from m left join d on d.vin = m.vin
    order by m.vin, d.day`.execute(ctx.db);
  return rows.map((r) => ({
    vin: r.vin.trim(),
    machineryType: r.machinery_type,
    model: r.cpxh,
    day: r.day === null ? null : dayText(Number(r.day)),
    realtimeFrames: num(r.realtime),
    resentFrames: num(r.resent),
    gaps: num(r.gaps),
    gapMinutes: round1(num(r.gap_ms) / 60_000),
    longestGapMinutes: round1(num(r.longest) / 60_000),
    workingHours: round1(num(r.working_ms) / HOUR_MS),
    cell: r.lng === null || r.lat === null ? null : cellKey(Number(r.lng), Number(r.lat)),
  }));
}
