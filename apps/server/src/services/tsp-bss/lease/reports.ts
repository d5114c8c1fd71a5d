import { checkReportMonths, chinaDay, reportMonthBounds } from "@tsp/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { type DataOf, defineHandler } from "../../defineHandler";
import { must } from "../actor";
import type { RentalFilter } from "./rentalReport";
import "../../tsp-hbase-proxy/tables";
import "../vehicleSale/tables";
import "./tables";

type Table = DataOf<"getLeaseBuyReport">;
type Figure = Table["figures"][number];
type Unit = Figure["unit"];
const fig = (key: string, label: string, unit: Unit, total: "sum" | "none" | "ratio" = "sum") => ({
  key,
  label,
  unit,
  total,
});
type FigureDef = ReturnType<typeof fig>;

interface ReportDef {
  title: string;
  figures: readonly FigureDef[];
  /** One row of raw numbers per month, in the figures' order. */
  rows: (
    db: Kysely<Database>,
    tenantIds: readonly number[],
    f: RentalFilter,
    today: string,
    months: string[],
  ) => Promise<number[][]>;
  /** The totals row (default: sums; a ratio figure is recomputed by `ratio`). */
  totals?: (sums: number[], months: number[][]) => number[];
}

function monthsOf(f: RentalFilter): string[] {
  const r = checkReportMonths(f.monthStart, f.monthEnd);
  if (!r.ok) throw badRequest(r.error.msg, [r.error]);
  return r.value;
}
const monthValues = (months: string[]) =>
  sql.join(
    months.map((m) => {
      const b = reportMonthBounds(m);
      return sql`(${m}, ${b.first}::date, ${b.last}::date)`;
    }),
  );
const tenants = (ids: readonly number[]) => sql.join([...ids]);
/** The contracts as periods (see getLeaseRentalReport): held from the start to `held_to`. */
const contracts = (ids: readonly number[], f: RentalFilter, today: string): RawBuilder<unknown> => sql`
  select c.vin, c.renewed_from, c.start_date::date as s, c.end_date::date as e, c.return_date::date as r,
    coalesce(c.return_date::date,
      case when c.renewed_to is not null then c.end_date::date else greatest(c.end_date::date, ${today}::date) end) as held_to
  from bss_lease_contract c
  where c.tenant_id in (${tenants(ids)}) ${f.leaseOrgCode ? sql`and c.lease_org_code = ${f.leaseOrgCode}` : sql``}`;
const num = (v: unknown) => Number(v ?? 0);
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * 车辆购买报表: the retail sales (实销车辆) of the tenant's vehicles per month — how many, for
 * how much, how many registered 营运, and how many of them have been let (any lease contract).
 * With an organisation: the vehicles let through it.
 */
const BUY: ReportDef = {
  title: "车辆购买报表",
  figures: [
    fig("bought", "购车数量", "count"),
    fig("amount", "购车金额(元)", "yuan"),
    fig("operating", "其中营运车辆", "count"),
    fig("leased", "其中已投放租赁", "count"),
  ],
  async rows(db, ids, f, _today, months) {
    const org = f.leaseOrgCode ? sql`and c.lease_org_code = ${f.leaseOrgCode}` : sql``;
    const r = await sql<{ bought: unknown; amount: unknown; operating: unknown; leased: unknown }>`
      with m(month, first, last) as (values ${monthValues(months)}),
        s as (
          select s.vin, s.sale_date::date as day, s.price, s.use_type,
            exists (select 1 from bss_lease_contract c where c.vin = s.vin ${org}) as leased
          from bss_vehicle_sale s where s.tenant_id in (${tenants(ids)}))
      select m.month,
        count(s.vin) filter (where s.day between m.first and m.last ${f.leaseOrgCode ? sql`and s.leased` : sql``})::int as bought,
        coalesce(sum(s.price) filter (where s.day between m.first and m.last ${f.leaseOrgCode ? sql`and s.leased` : sql``}), 0)::text as amount,
        count(s.vin) filter (where s.day between m.first and m.last and s.use_type = 'operating' ${f.leaseOrgCode ? sql`and s.leased` : sql``})::int as operating,
        count(s.vin) filter (where s.day between m.first and m.last and s.leased)::int as leased
      from m left join s on true group by m.month order by m.month`.execute(db);
    return r.rows.map((x) => [num(x.bought), round(num(x.amount), 2), num(x.operating), num(x.leased)]);
  },
};

/**
 * 车辆运营报表: the leased fleet at work per month, from the contracts and the GB/T 32960 login
 * journal — vehicles on lease, those that logged in at least once while on lease, vehicle-days
 * on the road (distinct days with a login, China time, while on lease) and the attendance rate
 * (vehicle-days over the days the contracts held their vehicles, %).
 */
const OPERATION: ReportDef = {
  title: "车辆运营报表",
  figures: [
    fig("leased", "在租车辆数", "count", "none"),
    fig("active", "上线车辆数", "count", "none"),
    fig("vehicleDays", "运营车日", "days"),
    fig("heldDays", "在租车日", "days"),
    fig("attendance", "出勤率(%)", "percent", "ratio"),
  ],
  async rows(db, ids, f, today, months) {
    const startMs = Date.parse(`${reportMonthBounds(months[0] as string).first}T00:00:00+08:00`);
    const endMs = Date.parse(`${reportMonthBounds(months[months.length - 1] as string).last}T23:59:59.999+08:00`);
    const r = await sql<{ leased: unknown; active: unknown; vehicle_days: unknown; held_days: unknown }>`
      with m(month, first, last) as (values ${monthValues(months)}),
        c as (${contracts(ids, f, today)}),
        d as (
          select distinct l.vin, (to_timestamp(l.ts / 1000.0) at time zone 'Asia/Shanghai')::date as day
          from vehicle_login_log l
          where l.ts between ${startMs} and ${endMs} and l.vin in (select vin from c)),
        w as (select distinct d.vin, d.day from d join c on c.vin = d.vin and d.day between c.s and c.held_to)
      select m.month,
        (select count(distinct c.vin) from c where c.s <= m.last and c.held_to >= m.first)::int as leased,
        (select count(distinct w.vin) from w where w.day between m.first and m.last)::int as active,
        (select count(*) from w where w.day between m.first and m.last)::int as vehicle_days,
        (select coalesce(sum(least(c.held_to, m.last) - greatest(c.s, m.first) + 1), 0)
           from c where c.s <= m.last and c.held_to >= m.first)::int as held_days
      from m order by m.month`.execute(db);
    return r.rows.map((x) => {
      const held = num(x.held_days);
      const days = num(x.vehicle_days);
      return [num(x.leased), num(x.active), days, held, held === 0 ? 0 : round((days / held) * 100, 1)];
    });
  },
  totals: (sums) => {
    const [, , days = 0, held = 0] = sums;
    return [0, 0, days, held, held === 0 ? 0 : round((days / held) * 100, 1)];
  },
};

/**
 * 车辆租赁历史报表: how contracts ended, per month — terms that ran to their end, early returns
 * (returned before the end), renewals starting, the renewal rate (renewals over terms ended,
 * %), and the average months a contract ended in the month had run.
 */
const HISTORY: ReportDef = {
  title: "车辆租赁历史报表",
  figures: [
    fig("expired", "到期合同数", "count"),
    fig("earlyReturns", "提前退租数", "count"),
    fig("renewals", "续租合同数", "count"),
    fig("renewalRate", "续租率(%)", "percent", "ratio"),
    fig("averageMonths", "平均租期(月)", "months", "none"),
  ],
  async rows(db, ids, f, today, months) {
    const r = await sql<{ expired: unknown; early: unknown; renewals: unknown; avg: unknown }>`
      with m(month, first, last) as (values ${monthValues(months)}), c as (${contracts(ids, f, today)})
      select m.month,
        count(c.vin) filter (where c.e between m.first and m.last and (c.r is null or c.r >= c.e))::int as expired,
        count(c.vin) filter (where c.r between m.first and m.last and c.r < c.e)::int as early,
        count(c.vin) filter (where c.s between m.first and m.last and c.renewed_from is not null)::int as renewals,
        coalesce(avg(((coalesce(least(c.r, c.e), c.e) - c.s) + 1) / 30.4375)
          filter (where coalesce(least(c.r, c.e), c.e) between m.first and m.last and coalesce(least(c.r, c.e), c.e) <= ${today}::date), 0)::text as avg
      from m left join c on true group by m.month order by m.month`.execute(db);
    return r.rows.map((x) => {
      const ended = num(x.expired) + num(x.early);
      return [
        num(x.expired),
        num(x.early),
        num(x.renewals),
        ended === 0 ? 0 : round((num(x.renewals) / ended) * 100, 1),
        round(num(x.avg), 1),
      ];
    });
  },
  totals: (sums) => {
    const [expired = 0, early = 0, renewals = 0] = sums;
    const ended = expired + early;
    return [expired, early, renewals, ended === 0 ? 0 : round((renewals / ended) * 100, 1), 0];
  },
};

async function table(
  def: ReportDef,
  db: Kysely<Database>,
  ids: readonly number[],
  f: RentalFilter,
  today: string,
): Promise<Table> {
  const months = monthsOf(f);
  const rows = await def.rows(db, ids, f, today, months);
  const sums = def.figures.map((_, i) =>
    round(
      rows.reduce((s, r) => s + (r[i] ?? 0), 0),
      2,
    ),
  );
  const totals = def.totals ? def.totals(sums, rows) : sums;
  return {
    figures: def.figures.map(({ key, label, unit }) => ({ key, label, unit })),
    months: months.map((month, i) => ({ month, values: rows[i] ?? [] })),
    totals: totals.map((v, i) => (def.figures[i]?.total === "none" ? null : v)),
  };
}

function exporter(def: ReportDef): ExportSheet {
  return {
    title: def.title,
    columns: [
      { header: "月份", key: "month", width: 10 },
      ...def.figures.map((x) => ({ header: x.label, key: x.key, width: 14 })),
    ],
    async *rows(job, ctx) {
      const { today, ...f } = job.params as unknown as RentalFilter & { today: string };
      const t = await table(def, ctx.db, job.tenantIds, f, today);
      const line = (month: string, values: readonly (number | null)[]) =>
        Object.fromEntries([["month", month], ...def.figures.map((x, i) => [x.key, values[i] ?? ""])]);
      yield [...t.months.map((m) => line(m.month, m.values)), line("合计", t.totals)];
    },
  };
}

const today = (ctx: { now: () => Date }) => chinaDay(ctx.now().getTime());

export const getLeaseBuyReport = defineHandler<"getLeaseBuyReport">(async ({ query, principal }, ctx) =>
  table(BUY, ctx.db, must(principal).tenantIds, query, today(ctx)),
);
export const getLeaseOperationReport = defineHandler<"getLeaseOperationReport">(async ({ query, principal }, ctx) =>
  table(OPERATION, ctx.db, must(principal).tenantIds, query, today(ctx)),
);
export const getLeaseHistoryReport = defineHandler<"getLeaseHistoryReport">(async ({ query, principal }, ctx) =>
  table(HISTORY, ctx.db, must(principal).tenantIds, query, today(ctx)),
);
export const exportLeaseBuyReport = defineHandler<"exportLeaseBuyReport">(async ({ query, principal }, ctx) => {
  monthsOf(query);
  return ok(
    await ctx.exports.submit(must(principal), "exportLeaseBuyReport", { ...query, today: today(ctx) }),
    EXPORT_SUBMITTED_MSG,
  );
});
export const exportLeaseOperationReport = defineHandler<"exportLeaseOperationReport">(
  async ({ query, principal }, ctx) => {
    monthsOf(query);
    return ok(
      await ctx.exports.submit(must(principal), "exportLeaseOperationReport", { ...query, today: today(ctx) }),
      EXPORT_SUBMITTED_MSG,
    );
  },
);
export const exportLeaseHistoryReport = defineHandler<"exportLeaseHistoryReport">(async ({ query, principal }, ctx) => {
  monthsOf(query);
  return ok(
    await ctx.exports.submit(must(principal), "exportLeaseHistoryReport", { ...query, today: today(ctx) }),
    EXPORT_SUBMITTED_MSG,
  );
});
export const reportExporters = {
  exportLeaseBuyReport: exporter(BUY),
  exportLeaseOperationReport: exporter(OPERATION),
  exportLeaseHistoryReport: exporter(HISTORY),
};
