import { formatDateTimeText, VIN_CHECK_REASON_LABELS, type VinCheckReason, vinCheckDetail } from "@tsp/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { limitOffset } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { type DataOf, defineHandler, type QueryOf } from "../../defineHandler";
import { must } from "../actor";
import { platformTenantId } from "../vehicleModel/platformTenant";
import "../../../gateway/tables";

type Failure = DataOf<"listVinCheckFailures">["list"][number];
type Filter = QueryOf<"exportVinCheckFailures">;
/** Who reads: the tenants, and whether the platform tenant (it sees every row). */
interface Reader {
  tenantIds: readonly number[];
  platform: boolean;
}

/** Longest receipt range of one search (the journal is partitioned by day; a quarter at most). */
const MAX_RANGE_MS = 92 * 24 * 3600 * 1000;

function checkRange(f: Filter): void {
  if (f.endTime < f.startTime)
    throw badRequest("结束时间不能早于开始时间", [{ field: "endTime", msg: "结束时间不能早于开始时间" }]);
  if (f.endTime - f.startTime > MAX_RANGE_MS)
    throw badRequest("时间范围不能超过92天", [{ field: "endTime", msg: "时间范围不能超过92天" }]);
}

/**
 * The login's ICCID, read from the stored bytes: GB/T 32960 and HJ 1239 logins both put it
 * after a 24-byte header, the 6-byte time and the 2-byte serial (hex characters 65–104). Only
 * 20 ASCII digits or capitals are read as text, so a malformed frame gives null, never an error.
 */
const ICCID_HEX = sql`substr(f.raw_hex, 65, 40)`;
const LOGIN_ICCID = sql<string | null>`case when ${ICCID_HEX} ~ '^(3[0-9]|4[1-9A-F]|5[0-9A]){20}$'
  then convert_from(decode(${ICCID_HEX}, 'hex'), 'UTF8') end`;

/** One row per failed login, with its reason; a reader's rows only. */
function failures(r: Reader, f: Filter): RawBuilder<unknown> {
  const tenants = r.tenantIds.length === 0 ? sql`(null)` : sql`(${sql.join(r.tenantIds)})`;
  const vinLike = f.vin ? sql`and f.vin ilike ${`%${f.vin.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  return sql`
    select * from (
      select f.vin, f.received_at, f.peer, l.iccid, v.iccid as filed_iccid,
        coalesce(v.tbox_sn, (select t.sn from bss_tbox t where t.iccid = l.iccid and t.tenant_id in ${tenants} order by t.sn limit 1)) as tbox_sn,
        case when f.status = 'ok' then 'iccid-mismatch' else f.status end as reason,
        v.tenant_id
      from gateway_frame f
      cross join lateral (select ${LOGIN_ICCID} as iccid) l
      left join vehicle v on v.vin = f.vin
      where f.command = 1 and (f.raw_hex like '2323%' or f.raw_hex like '2424%')
        and f.received_at between ${f.startTime} and ${f.endTime}
        and f.status in ('ok', 'vin-unknown', 'vin-duplicate') ${vinLike}
        and (f.status <> 'ok' or (v.iccid is not null and l.iccid is not null and l.iccid <> v.iccid))
    ) x
    where ${f.reason ? sql`x.reason = ${f.reason}` : sql`true`}
      and (${sql.lit(r.platform)} or x.tenant_id in ${tenants}
        or (x.tenant_id is null and x.iccid is not null and (
          exists (select 1 from bss_sim_card s where s.iccid = x.iccid and s.tenant_id in ${tenants})
          or exists (select 1 from bss_tbox t where t.iccid = x.iccid and t.tenant_id in ${tenants}))))`;
}

interface Grouped {
  vin: string;
  reason: VinCheckReason;
  iccid: string | null;
  filed_iccid: string | null;
  tbox_sn: string | null;
  peer: string;
  first_at: number | string;
  last_at: number | string;
  n: number | string;
}

/** The failures grouped by VIN, reason and login ICCID, newest last attempt first. */
async function groupedPage(db: Kysely<Database>, r: Reader, f: Filter, limit: number, offset: number) {
  const rows = await sql<Grouped>`
    select vin, reason, iccid, max(filed_iccid) as filed_iccid, max(tbox_sn) as tbox_sn,
      (array_agg(peer order by received_at desc))[1] as peer,
      min(received_at) as first_at, max(received_at) as last_at, count(*)::int as n
    from (${failures(r, f)}) y
    group by vin, reason, iccid
    order by last_at desc, vin, reason, iccid nulls first
    limit ${limit} offset ${offset}`.execute(db);
  return rows.rows.map(
    (g): Failure => ({
      vin: g.vin,
      reason: g.reason,
      iccid: g.iccid,
      filedIccid: g.filed_iccid,
      tboxSn: g.tbox_sn,
      peer: g.peer,
      firstAt: Number(g.first_at),
      lastAt: Number(g.last_at),
      count: Number(g.n),
      detail: vinCheckDetail(g.reason, g.iccid, g.filed_iccid),
    }),
  );
}

async function groupedCount(db: Kysely<Database>, r: Reader, f: Filter): Promise<number> {
  const res = await sql<{ n: number | string }>`
    select count(*)::int as n from (select 1 from (${failures(r, f)}) y group by vin, reason, iccid) z`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

async function readerOf(db: Kysely<Database>, p: Principal): Promise<Reader> {
  return { tenantIds: p.tenantIds, platform: p.tenantId === (await platformTenantId(db)) };
}

/** listVinCheckFailures: a numbered page of the grouped failures. */
export const listVinCheckFailures = defineHandler<"listVinCheckFailures">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  checkRange(filter);
  const reader = await readerOf(ctx.db, must(principal));
  const { limit, offset } = limitOffset({ pageNum, pageSize });
  const [list, total] = await Promise.all([
    groupedPage(ctx.db, reader, filter, limit, offset),
    groupedCount(ctx.db, reader, filter),
  ]);
  return { list, total };
});

const BATCH = 1000;

export const vinCheckExporter: ExportSheet = {
  title: "VIN校验失败记录",
  columns: [
    { header: "VIN", key: "vin", width: 22 },
    { header: "失败原因", key: "reason", width: 16 },
    { header: "登入ICCID", key: "iccid", width: 24 },
    { header: "档案ICCID", key: "filedIccid", width: 24 },
    { header: "终端序列号", key: "tboxSn", width: 20 },
    { header: "连接地址", key: "peer", width: 22 },
    { header: "首次时间", key: "firstAt", width: 20 },
    { header: "最近时间", key: "lastAt", width: 20 },
    { header: "次数", key: "count", width: 8 },
    { header: "说明", key: "detail", width: 40 },
  ],
  total: (job, ctx) => groupedCount(ctx.db, readerOfJob(job.tenantIds, job.params), job.params as unknown as Filter),
  async *rows(job, ctx) {
    const reader = readerOfJob(job.tenantIds, job.params);
    for (let offset = 0; ; offset += BATCH) {
      const rows = await groupedPage(ctx.db, reader, job.params as unknown as Filter, BATCH, offset);
      yield rows.map((r) => ({
        ...r,
        reason: VIN_CHECK_REASON_LABELS[r.reason],
        iccid: r.iccid ?? "",
        filedIccid: r.filedIccid ?? "",
        tboxSn: r.tboxSn ?? "",
        firstAt: formatDateTimeText(r.firstAt),
        lastAt: formatDateTimeText(r.lastAt),
      }));
      if (rows.length < BATCH) return;
    }
  },
};

const readerOfJob = (tenantIds: readonly number[], params: Record<string, unknown>): Reader => ({
  tenantIds,
  platform: params.platform === true,
});

export const exportVinCheckFailures = defineHandler<"exportVinCheckFailures">(async ({ query, principal }, ctx) => {
  checkRange(query);
  const p = must(principal);
  const { platform } = await readerOf(ctx.db, p);
  return ok(await ctx.exports.submit(p, "exportVinCheckFailures", { ...query, platform }), EXPORT_SUBMITTED_MSG);
});
