import * as d from "@tsp/domain";
import { Badge, Chart, type SelectOption } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../api/notRoadFour";
import { formatDateTime } from "../../format/dateTime";
import { useT } from "../../i18n/i18n";
import { ListPage } from "../../kit/ListPage";
import "../../i18n/screens/forwardStatist";

const opening = d.defaultForwardDays(d.chinaDay(Date.now()));
/** The seven days up to today unless the address says otherwise. */
const filters = d.filterCodec(
  v.object({
    platformId: d.textFilter(10),
    startDay: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(10)), opening.startDay),
    endDay: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(10)), opening.endDay),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;
const queryOf = (f: Filters): api.ForwardStatistQuery => ({
  ...(/^\d+$/.test(f.platformId) ? { platformId: Number(f.platformId) } : {}),
  startDay: f.startDay,
  endDay: f.endDay,
});
const FIGURES = ["forwarded", "acknowledged", "failed", "resent", "pending"] as const;
const STATE_TONE = { idle: "gray", connecting: "blue", online: "green", down: "red", stopped: "gray" } as const;

/** The chart, totals and links of the whole range (the table pages through its rows). */
function Overview({ stats }: { stats: Omit<api.ForwardStatistics, "list" | "total"> }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-700" data-testid="forward-totals">
        {t("fwd.totals", stats.totals)}
      </p>
      <Chart
        kind="bar"
        title={t("fwd.chart")}
        categories={stats.chart.map((c) => c.day)}
        series={(["acknowledged", "failed", "pending"] as const).map((k) => ({
          name: t(`fwd.${k}`),
          data: stats.chart.map((c) => c[k]),
        }))}
        height={260}
      />
      <section aria-label={t("fwd.links")} className="flex flex-wrap gap-3 text-sm">
        {stats.links.map((l) => (
          <span
            key={l.platformId}
            className="flex items-center gap-2 rounded border border-gray-200 bg-white px-3 py-1"
          >
            <span>{l.platformName}</span>
            <Badge tone={STATE_TONE[l.state]}>{t(`fwd.state.${l.state}`)}</Badge>
            {l.error && <span className="text-red-700">{l.error}</span>}
            {l.at ? <span className="text-gray-500">{formatDateTime(l.at)}</span> : null}
          </span>
        ))}
      </section>
    </div>
  );
}

/**
 * 转发统计 (/notRoadFour/forwardStatist, issue 19): frames forwarded, acknowledged, failed, re-sent
 * and pending per platform and day, as the forwarder's log and queue say; a chart of the days and
 * each platform's link under the table; export as a task of the export file list.
 */
export default function ForwardStatistPage() {
  const t = useT();
  const [platforms, setPlatforms] = useState<SelectOption[]>([]);
  const [overview, setOverview] = useState<Omit<api.ForwardStatistics, "list" | "total"> | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    api
      .listForwardPlatforms({ pageNum: 1, pageSize: 100 }, abort.signal)
      .then((page) => setPlatforms(page.list.map((p) => ({ value: String(p.id), label: p.name }))))
      .catch(() => {
        // Toasted by the shell; the filter offers no platform.
      });
    return () => abort.abort();
  }, []);
  return (
    <ListPage
      screen="forwardStatist"
      title={t("fwd.heading")}
      filters={filters}
      paging="numbered"
      ready={(f) => d.checkForwardDays(f.startDay, f.endDay).ok}
      load={async ({ filters: f, pageNum, pageSize, signal }) => {
        const { list, total, ...rest } = await api.listForwardStatistics({ ...queryOf(f), pageNum, pageSize }, signal);
        setOverview(rest);
        return { list, total };
      }}
      exportAs={{ op: "exportForwardStatistics", run: (f) => api.exportForwardStatistics(queryOf(f)) }}
      search={[
        { kind: "choice", key: "platformId", label: t("fwd.platform"), options: platforms },
        { kind: "dayRange", keys: ["startDay", "endDay"], label: t("fwd.days") },
      ]}
      hint={t("fwd.hint")}
      rowKey={(row) => `${row.day}-${row.platformId}`}
      columns={[
        { key: "day", title: t("fwd.day"), width: 120 },
        { key: "platformName", title: t("fwd.platform") },
        ...FIGURES.map((k) => ({ key: k, title: t(`fwd.${k}`), width: 100 })),
      ]}
    >
      {overview && <Overview stats={overview} />}
    </ListPage>
  );
}
