import { type RawBuilder, sql } from "kysely";
import type { AppContext } from "../../../context";
import { ok } from "../../../http/envelope";
import type { Exporter } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { limitOffset } from "../../../platform/listQuery";
import { inTenants } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { chinaDate, chinaDateTime } from "../exporters";
import { checkRange } from "../journalQuery";

/**
 * 农机可靠性试验补发数据统计 (/tbox/reliabilityTestRecord): per machine and China day, the
 * real-time and re-sent (补发) frames the gateway accepted — GB/T 32960 and HJ 1239 alike, both
 * carrying the command in byte 2 of the frame (0x02 real-time, 0x03 re-sent; HJ 1239 frames are
 * stored with command null) — and the gaps between consecutive real-time frames, computed in
 * SQL over the frame journal's day partitions of the range (openapi getReliabilityStats).
 */
export interface ReliabilityQuery {
  vin?: string | undefined;
  startTime: number;
  endTime: number;
}

export interface ReliabilityDay {
  vin: string;
  day: string;
  realtimeFrames: number;
  resentFrames: number;
  resentRatio: number;
  firstAt: number;
  lastAt: number;
  gaps: number;
  longestGapMinutes: number;
}

const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
/** A gap: more than three missed 60 s reports, at most 30 minutes (longer is a machine switched off). */
const GAP_MIN_MS = 3 * 60_000;
const GAP_MAX_MS = 30 * 60_000;

interface Raw {
  vin: string;
  day: number | string;
  realtime: number | string;
  resent: number | string;
  first_at: number | string;
  last_at: number | string;
  gaps: number | string;
  longest: number | string | null;
  total: number | string;
}

/**
 * The roll-up per VIN and China day (day number since the epoch in UTC+8) of the accepted real-time
 * and re-sent frames of the VINs `vins` selects in [startTime, endTime]: counts, first/last
 * receipt, gaps between consecutive real-time frames (count, total ms, longest). A subquery, so
 * 农机可靠性试验统计 (tsp-shadow machineryReliability) reads the same figures for machines.
 */
export function frameDaySql(vins: RawBuilder<unknown>, startTime: number, endTime: number): RawBuilder<unknown> {
  return sql`(
    select vin, day,
      count(*) filter (where not resent) as realtime,
      count(*) filter (where resent) as resent,
      min(received_at) as first_at,
      max(received_at) as last_at,
      count(*) filter (where not resent and gap > ${GAP_MIN_MS} and gap <= ${GAP_MAX_MS}) as gaps,
      coalesce(sum(gap) filter (where not resent and gap > ${GAP_MIN_MS} and gap <= ${GAP_MAX_MS}), 0) as gap_ms,
      max(gap) filter (where not resent and gap > ${GAP_MIN_MS} and gap <= ${GAP_MAX_MS}) as longest
    from (
      select vin, day, received_at, resent,
        received_at - lag(received_at) over (partition by vin, day, resent order by received_at) as gap
      from (
        select vin, received_at,
          floor((received_at + ${CHINA_OFFSET_MS}) / ${DAY_MS})::bigint as day,
          substr(raw_hex, 5, 2) = '03' as resent
        from gateway_frame
        where status = 'ok'
          and received_at >= ${startTime} and received_at <= ${endTime}
          and vin in (${vins})
          and (command in (2, 3) or (command is null and substr(raw_hex, 5, 2) in ('02', '03')))
      ) f
    ) g
    group by vin, day
  )`;
}

async function statPage(
  ctx: AppContext,
  q: ReliabilityQuery,
  tenantIds: readonly number[],
  page: { limit: number; offset: number },
) {
  const vin = q.vin === undefined ? sql`true` : sql`vehicle.vin = ${q.vin}`;
  const vins = sql`select vehicle.vin from vehicle where ${inTenants("vehicle.tenant_id", { tenantIds })} and ${vin}`;
  const { rows } = await sql<Raw>`
    select d.*, count(*) over () as total
    from ${frameDaySql(vins, q.startTime, q.endTime)} d
    order by day desc, vin
    limit ${page.limit} offset ${page.offset}`.execute(ctx.db);
  const list: ReliabilityDay[] = rows.map((r) => {
    const realtime = Number(r.realtime);
    const resent = Number(r.resent);
    return {
      vin: r.vin,
      day: chinaDate(Number(r.day) * DAY_MS).replace(/^(\d{4})(\d{2})(\d{2})$/, "$1-$2-$3"),
      realtimeFrames: realtime,
      resentFrames: resent,
      resentRatio: Math.round((resent / (realtime + resent)) * 10_000) / 10_000,
      firstAt: Number(r.first_at),
      lastAt: Number(r.last_at),
      gaps: Number(r.gaps),
      longestGapMinutes: r.longest === null ? 0 : Math.round((Number(r.longest) / 60_000) * 10) / 10,
    };
  });
  return { list, total: Number(rows[0]?.total ?? 0) };
}

const queryOf = (query: { vin?: string; startTime: number; endTime: number }): ReliabilityQuery => ({
  vin: query.vin,
  startTime: query.startTime,
  endTime: query.endTime,
});

/** getReliabilityStats: one numbered page of machine-days. */
export const getReliabilityStats = defineHandler<"getReliabilityStats">(async ({ query, principal }, ctx) => {
  const q = queryOf(query);
  checkRange({ ...q, vin: q.vin ?? "", reportTimeDesc: true });
  const page = limitOffset(query);
  const first = await statPage(ctx, q, principal.tenantIds, page);
  // count(*) over () is the page's: an empty page past the end still needs the total.
  if (first.list.length === 0 && page.offset > 0) {
    return { list: [], total: (await statPage(ctx, q, principal.tenantIds, { limit: 1, offset: 0 })).total };
  }
  return first;
});

export const RELIABILITY_TITLE = "农机可靠性试验补发数据统计";

/** exportReliabilityStats: every machine-day of the query as an export task. */
export const exportReliabilityStats = defineHandler<"exportReliabilityStats">(async ({ query, principal }, ctx) => {
  const q = queryOf(query);
  checkRange({ ...q, vin: q.vin ?? "", reportTimeDesc: true });
  const name = `${RELIABILITY_TITLE}_${q.vin ? `${q.vin}_` : ""}${chinaDate(q.startTime)}-${chinaDate(q.endTime)}.xlsx`;
  const task = await ctx.exports.submit(principal, "exportReliabilityStats", { ...q }, name);
  return ok(task, EXPORT_SUBMITTED_MSG);
});

export const reliabilityExporter: Exporter = {
  title: RELIABILITY_TITLE,
  columns: [
    { header: "VIN", key: "vin", width: 22 },
    { header: "日期", key: "day", width: 12 },
    { header: "实时帧数", key: "realtimeFrames", width: 10 },
    { header: "补发帧数", key: "resentFrames", width: 10 },
    { header: "补发率", key: "resentRatio", width: 10 },
    { header: "首帧接收时间", key: "firstAt", width: 22 },
    { header: "末帧接收时间", key: "lastAt", width: 22 },
    { header: "中断次数", key: "gaps", width: 10 },
    { header: "最长中断（min）", key: "longestGapMinutes", width: 16 },
  ],
  async *rows(job, ctx) {
    const q = job.params as unknown as ReliabilityQuery;
    for (let offset = 0; ; offset += 1000) {
      const { list } = await statPage(ctx, q, job.tenantIds, { limit: 1000, offset });
      yield list.map((r) => ({
        ...r,
        resentRatio: `${(r.resentRatio * 100).toFixed(2)}%`,
        firstAt: chinaDateTime(r.firstAt),
        lastAt: chinaDateTime(r.lastAt),
      }));
      if (list.length < 1000) return;
    }
  },
};
