import * as d from "@tsp/domain";
import type { PermittedOperation } from "@tsp/sdk";
import {
  buttonClass,
  Chart,
  type ChartKind,
  type ChartSeries,
  type Column,
  DataTable,
  inputClass,
  type SelectOption,
} from "@tsp/ui";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useT } from "../../i18n/i18n";

const labelClass = "text-sm text-gray-600";

import { ExportButton } from "../../kit/ExportButton";

/** What a lease report is asked: the month range and, optionally, one lease organisation. */
export interface ReportQuery {
  monthStart: string;
  monthEnd: string;
  leaseOrgCode?: string;
}

/** Props of {@link ReportPage}: one lease report as a declaration. */
export interface ReportPageProps<R, Row> {
  title: string;
  /** What each figure means (shown under the filters). */
  hint: string;
  /** The lease organisations to filter by (none: no organisation filter). */
  orgs?: readonly SelectOption[];
  load: (query: ReportQuery, signal: AbortSignal) => Promise<R>;
  exportAs: { op: PermittedOperation; run: (query: ReportQuery) => Promise<unknown> };
  /** The table's rows (the months, then the totals) and columns. */
  rows: (report: R) => readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  /** The chart of the same figures. */
  chart: (report: R) => { kind: ChartKind; title: string; categories: string[]; series: ChartSeries[] };
  extra?: ReactNode;
}

/**
 * A lease report (租赁管理's four reports): month range and organisation filters, a chart
 * (the kit's lazy ApexCharts wrapper, as /dataHome) and a table of the same figures, export as
 * a task of the export file list. The range is checked by @tsp/domain `checkReportMonths`
 * before anything is asked (the server checks it again).
 */
export function ReportPage<R, Row>(props: ReportPageProps<R, Row>) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState<ReportQuery>(() => d.defaultReportMonths(d.chinaDay(Date.now())));
  const [asked, setAsked] = useState<ReportQuery>(draft);
  // The last answer and the query it answers: loading while the asked query has none yet.
  const [answer, setAnswer] = useState<{ q: ReportQuery; r: R | null } | null>(null);
  const report = answer?.r ?? null;
  const loading = answer?.q !== asked;
  const problem = (() => {
    const r = d.checkReportMonths(draft.monthStart, draft.monthEnd);
    return r.ok ? null : r.error.msg;
  })();
  const { load } = props;
  useEffect(() => {
    const ctl = new AbortController();
    load(asked, ctl.signal).then(
      (r) => {
        if (!ctl.signal.aborted) setAnswer({ q: asked, r });
      },
      () => {
        // Toasted by the shell; the last figures stay.
        if (!ctl.signal.aborted) setAnswer((prev) => ({ q: asked, r: prev?.r ?? null }));
      },
    );
    return () => ctl.abort();
  }, [asked, load]);
  const query = (q: ReportQuery): ReportQuery =>
    q.leaseOrgCode ? q : { monthStart: q.monthStart, monthEnd: q.monthEnd };
  const chart = report ? props.chart(report) : null;
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-lg font-medium text-gray-900">{props.title}</h1>
      <form
        className="flex flex-wrap items-end gap-3 rounded border border-gray-200 bg-white p-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) setAsked(query(draft));
        }}
      >
        <label className="flex flex-col gap-1" htmlFor={`${id}-start`}>
          <span className={labelClass}>{t("leaseReport.monthStart")}</span>
          <input
            id={`${id}-start`}
            type="month"
            className={inputClass("w-40")}
            value={draft.monthStart}
            onChange={(e) => setDraft({ ...draft, monthStart: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-end`}>
          <span className={labelClass}>{t("leaseReport.monthEnd")}</span>
          <input
            id={`${id}-end`}
            type="month"
            className={inputClass("w-40", problem !== null)}
            value={draft.monthEnd}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => setDraft({ ...draft, monthEnd: e.target.value })}
          />
        </label>
        {props.orgs && (
          <label className="flex flex-col gap-1" htmlFor={`${id}-org`}>
            <span className={labelClass}>{t("leaseReport.org")}</span>
            <select
              id={`${id}-org`}
              className={inputClass("w-64")}
              value={draft.leaseOrgCode ?? ""}
              onChange={(e) => setDraft({ ...draft, leaseOrgCode: e.target.value })}
            >
              <option value="">{t("leaseReport.allOrgs")}</option>
              {props.orgs.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" className={buttonClass("primary")} disabled={problem !== null}>
          {t("leaseReport.query")}
        </button>
        <ExportButton op={props.exportAs.op} disabled={problem !== null} run={() => props.exportAs.run(query(draft))} />
        {problem && (
          <p id={`${id}-problem`} className="w-full text-sm text-red-600">
            {problem}
          </p>
        )}
      </form>
      <p className="text-xs text-gray-500">{props.hint}</p>
      {chart && (
        <Chart kind={chart.kind} title={chart.title} categories={chart.categories} series={chart.series} height={300} />
      )}
      <DataTable
        label={props.title}
        columns={props.columns}
        rows={report ? props.rows(report) : []}
        rowKey={props.rowKey}
        loading={loading}
      />
      {props.extra}
    </section>
  );
}
