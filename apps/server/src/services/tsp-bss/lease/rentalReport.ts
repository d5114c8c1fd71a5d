import { checkReportMonths, chinaDay, reportMonthBounds } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { type DataOf, defineHandler } from "../../defineHandler";
import { must } from "../actor";
import "./tables";

type Report = DataOf<"getLeaseRentalReport">;
type Month = Report["months"][number];
export interface RentalFilter {
  monthStart: string;
  monthEnd: string;
  leaseOrgCode?: string;
}

/** The months of the filter, or 400 naming the field. */
function monthsOf(f: RentalFilter): string[] {
  const r = checkReportMonths(f.monthStart, f.monthEnd);
  if (!r.ok) throw badRequest(r.error.msg, [r.error]);
  return r.value;
}

/**
 * The rental figures per month, from the contracts (openapi getLeaseRentalReport says what each
 * means). A contract holds its vehicle from its start to its return day, to its end once
 * renewed, else (not returned) to the later of its end and today; it earns rent from its start
 * to the earlier of its end and its return day, prorated by day within each month.
 */
export async function rentalReport(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  f: RentalFilter,
  today: string,
): Promise<Report> {
  const months = monthsOf(f);
  const values = sql.join(
    months.map((m) => {
      const b = reportMonthBounds(m);
      return sql`(${m}, ${b.first}::date, ${b.last}::date)`;
    }),
  );
  const org = f.leaseOrgCode ? sql`and c.lease_org_code = ${f.leaseOrgCode}` : sql``;
  const contracts = sql`
    select c.vin, c.renewed_from, c.monthly_rent,
      c.start_date::date as s,
      least(c.end_date::date, coalesce(c.return_date::date, c.end_date::date)) as paid_to,
      c.return_date::date as r,
      coalesce(c.return_date::date,
        case when c.renewed_to is not null then c.end_date::date else greatest(c.end_date::date, ${today}::date) end) as held_to
    from bss_lease_contract c
    where c.tenant_id in (${sql.join([...tenantIds])}) ${org}`;
  const rows = await sql<{
    month: string;
    leased: number | string;
    started: number | string;
    renewals: number | string;
    returns: number | string;
    rent: number | string | null;
  }>`
    with m(month, first, last) as (values ${values}), c as (${contracts})
    select m.month,
      count(distinct c.vin) filter (where c.s <= m.last and c.held_to >= m.first)::int as leased,
      count(c.vin) filter (where c.s between m.first and m.last)::int as started,
      count(c.vin) filter (where c.s between m.first and m.last and c.renewed_from is not null)::int as renewals,
      count(c.vin) filter (where c.r between m.first and m.last)::int as returns,
      round(coalesce(sum(c.monthly_rent * greatest(0, least(c.paid_to, m.last) - greatest(c.s, m.first) + 1)
        / (m.last - m.first + 1)), 0), 2)::text as rent
    from m left join c on true
    group by m.month, m.first, m.last
    order by m.month`.execute(db);
  const first = reportMonthBounds(months[0] as string).first;
  const last = reportMonthBounds(months[months.length - 1] as string).last;
  const distinct = await sql<{ n: number | string }>`
    with c as (${contracts})
    select count(distinct c.vin)::int as n from c where c.s <= ${last}::date and c.held_to >= ${first}::date`.execute(
    db,
  );
  const list: Month[] = rows.rows.map((r) => ({
    month: r.month,
    leasedVehicles: Number(r.leased),
    newContracts: Number(r.started),
    renewals: Number(r.renewals),
    returns: Number(r.returns),
    rentDue: Number(r.rent ?? 0),
  }));
  const cents = list.reduce((sum, m) => sum + Math.round(m.rentDue * 100), 0);
  return {
    months: list,
    totals: {
      month: "合计",
      leasedVehicles: Number(distinct.rows[0]?.n ?? 0),
      newContracts: list.reduce((s, m) => s + m.newContracts, 0),
      renewals: list.reduce((s, m) => s + m.renewals, 0),
      returns: list.reduce((s, m) => s + m.returns, 0),
      rentDue: cents / 100,
    },
  };
}

export const getLeaseRentalReport = defineHandler<"getLeaseRentalReport">(async ({ query, principal }, ctx) =>
  rentalReport(ctx.db, must(principal).tenantIds, query, chinaDay(ctx.now().getTime())),
);

/** The report's table as a sheet: a row per month, then the totals. */
export const rentalExporter: ExportSheet = {
  title: "车辆租赁报表",
  columns: [
    { header: "月份", key: "month", width: 10 },
    { header: "在租车辆数", key: "leasedVehicles", width: 12 },
    { header: "新签合同数", key: "newContracts", width: 12 },
    { header: "其中续租", key: "renewals", width: 10 },
    { header: "退租数", key: "returns", width: 10 },
    { header: "应收租金(元)", key: "rentDue", width: 16 },
  ],
  async *rows(job, ctx) {
    const { today, ...f } = job.params as unknown as RentalFilter & { today: string };
    const report = await rentalReport(ctx.db, job.tenantIds, f, today);
    yield [...report.months, report.totals];
  },
};

export const exportLeaseRentalReport = defineHandler<"exportLeaseRentalReport">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  monthsOf(query); // a bad range answers 400 before a task is queued
  const task = await ctx.exports.submit(p, "exportLeaseRentalReport", {
    ...query,
    today: chinaDay(ctx.now().getTime()),
  });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
