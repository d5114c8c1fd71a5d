import type { PermittedOperation } from "@tsp/sdk";
import type { ChartKind, Column } from "@tsp/ui";
import { useCallback, useEffect, useState } from "react";
import * as api from "../../api/lease";
import { useT } from "../../i18n/i18n";
import { yuan } from "./leaseVehicle/LeaseVehiclePage";
import { ReportPage, type ReportQuery } from "./ReportPage";

type Row = { month: string; values: readonly (number | null)[] };

/** A value as its unit reads: yuan with two decimals, a percent with its sign, else the number. */
function shown(unit: api.ReportTable["figures"][number]["unit"], v: number | null | undefined): string {
  if (v === null || v === undefined) return "—";
  if (unit === "yuan") return yuan(v);
  return unit === "percent" ? `${v}%` : String(v);
}

/**
 * A lease report whose figures the server names (LeaseReportTable): the columns are its
 * figures, the chart draws the ones in `charted` by month, the last row is the totals.
 */
export function FigureReportPage({
  title,
  hint,
  chartTitle,
  charted,
  kind = "bar",
  load,
  exportAs,
}: {
  title: string;
  hint: string;
  chartTitle: string;
  /** Keys of the figures drawn. */
  charted: readonly string[];
  kind?: ChartKind;
  load: (q: ReportQuery, signal: AbortSignal) => Promise<api.ReportTable>;
  exportAs: { op: PermittedOperation; run: (q: ReportQuery) => Promise<unknown> };
}) {
  const t = useT();
  const [orgs, setOrgs] = useState<{ value: string; label: string }[]>([]);
  const [figures, setFigures] = useState<api.ReportTable["figures"]>([]);
  useEffect(() => {
    void api.leaseOrgs().then(
      (o) => setOrgs(o.all),
      () => {
        // Toasted by the shell.
      },
    );
  }, []);
  const loadFigures = useCallback(
    async (q: ReportQuery, signal: AbortSignal) => {
      const r = await load(q, signal);
      setFigures(r.figures);
      return r;
    },
    [load],
  );
  const columns: Column<Row>[] = [
    {
      key: "month",
      title: t("leaseReport.month"),
      width: 100,
      render: (r) => (r.month === "" ? t("leaseReport.total") : r.month),
    },
    ...figures.map(
      (f, i): Column<Row> => ({
        key: `f${i}` as never,
        title: f.label,
        render: (r) => shown(f.unit, r.values[i]),
      }),
    ),
  ];
  return (
    <ReportPage<api.ReportTable, Row>
      title={title}
      hint={hint}
      orgs={orgs}
      load={loadFigures}
      exportAs={exportAs}
      rows={(r) => [...r.months, { month: "", values: r.totals }]}
      rowKey={(r) => r.month || "total"}
      columns={columns}
      chart={(r) => ({
        kind,
        title: chartTitle,
        categories: r.months.map((m) => m.month),
        series: r.figures
          .map((f, i) => ({ f, i }))
          .filter(({ f }) => charted.includes(f.key))
          .map(({ f, i }) => ({ name: f.label, data: r.months.map((m) => m.values[i] ?? null) })),
      })}
    />
  );
}
