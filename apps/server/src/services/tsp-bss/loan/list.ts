import { chinaDay, LEASE_LESSEE_TYPE_LABELS, LOAN_STATE_LABELS, RESTRICTION_STATE_LABELS } from "@tsp/domain";
import { ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, keysetBatches, numberedPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { sendXlsx } from "../ner/template";
import { exportColumnsOf, templateOf } from "../tbox/sheet";
import { EXAMPLE_ROW, LOAN_COLUMNS } from "./columns";
import { filteredLoans, type LoanFilter, type LoanRecord, selectLoan, toLoan } from "./queries";

/** listLoans: a numbered page of the caller's loans, newest start first (ties by number). */
export const listLoans = defineHandler<"listLoans">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  const today = chinaDay(ctx.now().getTime());
  const p = must(principal);
  const page = await numberedPage(
    filteredLoans(ctx.db, p.tenantIds, filter, today),
    { pageNum, pageSize },
    { order: [["l.start_date", "desc"], "l.loan_no"] },
    selectLoan(p.tenantIds),
  );
  return { list: page.list.map((r) => toLoan(r, today)), total: page.total };
});

function rowOf(r: LoanRecord): Record<string, unknown> {
  return {
    loanNo: r.loanNo,
    vin: r.vin,
    financeOrgCode: r.financeOrgCode,
    borrowerType: LEASE_LESSEE_TYPE_LABELS[r.borrowerType],
    borrowerName: r.borrowerName,
    borrowerPhone: r.borrowerPhone,
    borrowerIdNo: r.borrowerIdNo,
    principal: r.principal,
    termMonths: r.termMonths,
    startDate: r.startDate,
    repaidPeriods: r.repaidPeriods,
    financeOrgName: r.financeOrgName,
    state: LOAN_STATE_LABELS[r.state],
    overdueDays: r.overdueDays,
    nextDue: r.nextDue ?? "",
    restriction: RESTRICTION_STATE_LABELS[r.restriction],
    restrictionReason: r.restrictionReason ?? "",
  };
}
const dayOf = (params: Record<string, unknown>) => String(params.today);
const filterOf = (params: Record<string, unknown>) => {
  const { today: _t, ...f } = params;
  return f as LoanFilter;
};

/** The loan export: the template's columns (phone and certificate masked), then organisation, state and restriction. */
export const loanExporter: ExportSheet = {
  title: "金融管理",
  columns: exportColumnsOf(LOAN_COLUMNS, [
    { header: "金融机构名称", key: "financeOrgName", width: 28 },
    { header: "还款状态", key: "state", width: 10 },
    { header: "逾期天数", key: "overdueDays", width: 10 },
    { header: "下期到期日", key: "nextDue", width: 12 },
    { header: "远程限制", key: "restriction", width: 10 },
    { header: "限制原因", key: "restrictionReason", width: 24 },
  ]),
  total: (job, ctx) => countOf(filteredLoans(ctx.db, job.tenantIds, filterOf(job.params), dayOf(job.params))),
  async *rows(job, ctx) {
    const today = dayOf(job.params);
    const batches = keysetBatches(
      filteredLoans(ctx.db, job.tenantIds, filterOf(job.params), today),
      { column: "l.loan_no", batch: 500, keyOf: (r: { loan_no: string }) => r.loan_no },
      selectLoan(job.tenantIds),
    );
    for await (const rows of batches) yield rows.map((r) => rowOf(toLoan(r, today)));
  },
};

export const exportLoans = defineHandler<"exportLoans">(async ({ query, principal }, ctx) => {
  const task = await ctx.exports.submit(must(principal), "exportLoans", {
    ...query,
    today: chinaDay(ctx.now().getTime()),
  });
  return ok(task, EXPORT_SUBMITTED_MSG);
});

export const downloadLoanTemplate = defineHandler<"downloadLoanTemplate">(async ({ reply }) =>
  sendXlsx(
    reply,
    "贷款导入模板.xlsx",
    await templateOf(
      "贷款",
      LOAN_COLUMNS,
      { ...EXAMPLE_ROW },
      "第1个工作表的第2行为示例，导入前请替换为实际数据；列名请勿修改。整个文件要么全部导入，要么全部不导入：任何一行有误时不保存任何贷款。已有的贷款编号不会被覆盖。",
    ),
  ),
);
