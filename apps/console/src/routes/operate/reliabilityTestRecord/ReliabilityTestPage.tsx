import * as d from "@tsp/domain";
import { buttonClass, Chart, type Column, DataTable, inputClass, loadProvinceGeocoder } from "@tsp/ui";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/machineryReliability";
import { useT } from "../../../i18n/i18n";
import { ExportButton } from "../../../kit/ExportButton";
import { hashHref, navigateHash, useHashSearch } from "../../../routing/hashLocation";
import { machineEnums } from "../../notRoadMonitor/machineWords";
import "../../../i18n/screens/machinery";
import "../../../i18n/screens/machineryReliability";

const PATH = "/operate/reliabilityTestRecord";
const DAY_MS = 86_400_000;
/** The machine set as the server takes it (openapi ReliabilityVins). */
const VINS_PATTERN = /^[0-9A-Za-z]{17}(,[0-9A-Za-z]{17}){0,199}$/;

/** The test and the breakdown in the address, so a link reproduces the view (dates yyyy-MM-dd, empty: the default). */
const filters = d.filterCodec(
  v.object({
    from: d.textFilter(10),
    to: d.textFilter(10),
    groupBy: d.choiceFilter(d.RELIABILITY_DIMENSIONS, "machine"),
    type: d.choiceFilter(d.FARM_MACHINERY_TYPES),
    model: d.textFilter(40),
    vins: d.textFilter(3600),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;

/** The PINs typed (spaces, new lines, Chinese commas allowed) as the server's comma list. */
const vinsText = (text: string) =>
  text
    .split(/[\s,，;；]+/)
    .filter(Boolean)
    .map((p) => p.toUpperCase())
    .join(",");

/** The query of filters, or the problem that keeps it from being asked (the server's range and PIN rules). */
function queryOf(
  f: Filters,
  now: number,
): { query: api.ReliabilityQuery; problem: null } | { query: null; problem: string } {
  const dflt = d.defaultReliabilityDays(now);
  const range = d.chinaDaysRange(f.from || dflt.from, f.to || dflt.to);
  if (range === null) return { query: null, problem: "请选择开始日期和结束日期" };
  const problem = d.machineRangeProblem(range.startTime, range.endTime, d.MACHINE_STATS_MAX_DAYS);
  if (problem) return { query: null, problem };
  const vins = vinsText(f.vins);
  if (vins !== "" && !VINS_PATTERN.test(vins)) return { query: null, problem: "vins" };
  return {
    problem: null,
    query: {
      ...range,
      groupBy: f.groupBy,
      ...(f.type ? { machineryType: f.type } : {}),
      ...(f.model ? { model: f.model } : {}),
      ...(vins ? { vins } : {}),
    },
  };
}

/** Goes to a test's view (a new history entry: back returns to the previous one). */
const go = (f: Filters) => navigateHash(`${PATH}?${filters.format(f)}`);

const labelClass = "text-sm text-gray-600";
const linkClass = "text-blue-700 underline hover:text-blue-900";
const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

interface Shown {
  q: api.ReliabilityQuery;
  stats: api.ReliabilityStats;
}

/**
 * 农机可靠性试验统计 (/operate/reliabilityTestRecord, issues 18 and 20): whether the data of farm
 * machines on a reliability test is valid. The test — machine set (type, model, PINs) and
 * period — and the breakdown live in the address; the server judges each machine against the
 * designed thresholds (@tsp/domain RELIABILITY_THRESHOLDS) from the gateway's real-time and
 * re-sent frames and the reports' working hours. A chart of pass/fail per row on the kit's
 * wrapper, a table per machine (verdict and reasons; drill to its days, links into
 * 农机可靠性试验补发数据统计 and 机械轨迹查询) or per day, model or province (cells named by the
 * offline geocoder and merged with mergeReliabilityRows), and the export as a task.
 */
export default function ReliabilityTestPage() {
  const t = useT();
  const id = useId();
  const search = useHashSearch();
  const applied = useMemo(() => filters.parse(search), [search]);
  const [now] = useState(() => Date.now());
  const dflt = d.defaultReliabilityDays(now);
  // What is typed, for the filters in the address (a new address starts from its filters).
  const [typed, setTyped] = useState({ for: search, draft: applied });
  const draft = typed.for === search ? typed.draft : applied;
  const setDraft = (next: Filters) => setTyped({ for: search, draft: next });
  const asked = useMemo(() => queryOf(applied, now).query, [applied, now]);
  const checked = queryOf(draft, now);
  const [shown, setShown] = useState<Shown | null>(null);
  const loading = asked !== null && shown?.q !== asked;
  const { types } = machineEnums(t);
  const typeLabel = (key: string) => types.badges[key as keyof typeof types.badges]?.label ?? key;
  const unknown = t("reliabilityTest.unknownRegion");

  useEffect(() => {
    if (asked === null) return;
    const ctl = new AbortController();
    api
      .listMachineryReliability(asked, ctl.signal)
      .then(async (stats) => {
        let rows = stats.rows;
        if (asked.groupBy === "region") {
          const geocoder = await loadProvinceGeocoder();
          const named: api.ReliabilityRow[] = [];
          for (const r of stats.rows) {
            const cell = d.cellOfKey(r.key);
            named.push({ ...r, key: (cell ? await geocoder.reverse(cell.lng, cell.lat) : null) ?? unknown });
          }
          rows = d.mergeReliabilityRows(named, (r) => r.key);
        }
        if (!ctl.signal.aborted) setShown({ q: asked, stats: { ...stats, rows } });
      })
      .catch(() => {
        // Toasted by the shell; no longer loading.
        if (!ctl.signal.aborted) setShown((prev) => (prev ? { ...prev, q: asked } : null));
      });
    return () => ctl.abort();
  }, [asked, unknown]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (checked.query) go({ ...draft, vins: vinsText(draft.vins) });
  };
  const reasonText = (m: api.ReliabilityMachine) =>
    m.passed ? t("reliabilityTest.passed") : m.reasons.map((r) => t(`reliabilityTest.reason.${r}`)).join("、");
  const period = asked ? { start: asked.startTime, end: asked.endTime } : null;

  const figureColumns = <T extends api.ReliabilityRow | api.ReliabilityMachine>(): Column<T>[] => [
    { key: "realtimeFrames", title: t("reliabilityTest.col.realtime"), width: 100, align: "right" },
    { key: "resentFrames", title: t("reliabilityTest.col.resent"), width: 100, align: "right" },
    {
      key: "resentShare",
      title: t("reliabilityTest.col.share"),
      width: 90,
      align: "right",
      render: (r) => percent(r.resentShare),
    },
    { key: "gaps", title: t("reliabilityTest.col.gaps"), width: 90, align: "right" },
    { key: "longestGapMinutes", title: t("reliabilityTest.col.longest"), width: 120, align: "right" },
    { key: "workingHours", title: t("reliabilityTest.col.working"), width: 110, align: "right" },
    { key: "daysWithoutData", title: t("reliabilityTest.col.noDataDays"), width: 110, align: "right" },
  ];
  const machineColumns: Column<api.ReliabilityMachine>[] = [
    { key: "vin", title: t("reliabilityTest.col.vin"), width: 180 },
    {
      key: "machineryType",
      title: t("reliabilityTest.col.type"),
      width: 90,
      render: (m) => typeLabel(m.machineryType),
    },
    { key: "model", title: t("reliabilityTest.col.model"), width: 110 },
    {
      key: "verdict",
      title: t("reliabilityTest.col.verdict"),
      width: 200,
      render: (m) => (
        <span className={m.passed ? "text-green-700" : "text-red-700"}>
          {m.passed ? t("reliabilityTest.passed") : `${t("reliabilityTest.failed")}：${reasonText(m)}`}
        </span>
      ),
    },
    ...figureColumns<api.ReliabilityMachine>(),
    {
      key: "actions",
      title: t("reliabilityTest.col.actions"),
      width: 220,
      stickyRight: true,
      render: (m) =>
        period && (
          <span className="flex gap-2">
            <a
              className={linkClass}
              href={hashHref(`${PATH}?${filters.format({ ...applied, groupBy: "day", vins: m.vin })}`)}
            >
              {t("reliabilityTest.byDay")}
            </a>
            <a
              className={linkClass}
              href={hashHref(`/tbox/reliabilityTestRecord?vin=${m.vin}&start=${period.start}&end=${period.end}`)}
            >
              {t("reliabilityTest.resentDetail")}
            </a>
            <a
              className={linkClass}
              href={hashHref(
                `/operate/tripQuery?vin=${m.vin}&start=${Math.max(period.start, period.end + 1 - DAY_MS)}&end=${period.end}`,
              )}
            >
              {t("reliabilityTest.track")}
            </a>
          </span>
        ),
    },
  ];
  const groupBy = shown?.q.groupBy ?? applied.groupBy;
  const keyLabel = (key: string) => {
    if (groupBy !== "model") return key;
    const [type = "", ...model] = key.split("|");
    return `${typeLabel(type)} ${model.join("|")}`;
  };
  const rowColumns: Column<api.ReliabilityRow>[] = [
    {
      key: "key",
      title: t("reliabilityTest.col.key"),
      width: 180,
      render: (r) => (r.key === "合计" ? t("reliabilityTest.total") : keyLabel(r.key)),
    },
    {
      key: "units",
      title: t(groupBy === "day" ? "reliabilityTest.col.unitsDay" : "reliabilityTest.col.units"),
      width: 90,
      align: "right",
    },
    { key: "reporting", title: t("reliabilityTest.col.reporting"), width: 80, align: "right" },
    { key: "passed", title: t("reliabilityTest.col.passed"), width: 80, align: "right" },
    ...figureColumns<api.ReliabilityRow>(),
  ];
  const stats = shown?.stats;
  const chartRows = (stats?.rows ?? []).slice(0, 31);
  const chartMachines = (stats?.machines ?? []).slice(0, 31);
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-lg font-medium text-gray-900">{t("reliabilityTest.heading")}</h1>
      <form className="flex flex-wrap items-end gap-3 rounded border border-gray-200 bg-white p-3" onSubmit={submit}>
        <label className="flex flex-col gap-1" htmlFor={`${id}-from`}>
          <span className={labelClass}>{t("reliabilityTest.from")}</span>
          <input
            id={`${id}-from`}
            type="date"
            className={inputClass("w-40")}
            value={draft.from || dflt.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-to`}>
          <span className={labelClass}>{t("reliabilityTest.to")}</span>
          <input
            id={`${id}-to`}
            type="date"
            className={inputClass("w-40", checked.problem !== null && checked.problem !== "vins")}
            value={draft.to || dflt.to}
            aria-invalid={checked.problem !== null && checked.problem !== "vins"}
            aria-describedby={checked.problem ? `${id}-problem` : undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-group`}>
          <span className={labelClass}>{t("reliabilityTest.groupBy")}</span>
          <select
            id={`${id}-group`}
            className={inputClass("w-32")}
            value={draft.groupBy}
            onChange={(e) => setDraft({ ...draft, groupBy: e.target.value as Filters["groupBy"] })}
          >
            {d.RELIABILITY_DIMENSIONS.map((g) => (
              <option key={g} value={g}>
                {t(`reliabilityTest.groupBy.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-type`}>
          <span className={labelClass}>{t("reliabilityTest.type")}</span>
          <select
            id={`${id}-type`}
            className={inputClass("w-32")}
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value as Filters["type"] })}
          >
            <option value="">{t("reliabilityTest.type.all")}</option>
            {d.FARM_MACHINERY_TYPES.map((k) => (
              <option key={k} value={k}>
                {typeLabel(k)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-model`}>
          <span className={labelClass}>{t("reliabilityTest.model")}</span>
          <input
            id={`${id}-model`}
            className={inputClass("w-32")}
            maxLength={40}
            value={draft.model}
            onChange={(e) => setDraft({ ...draft, model: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-vins`}>
          <span className={labelClass}>{t("reliabilityTest.vins")}</span>
          <input
            id={`${id}-vins`}
            className={inputClass("w-80", checked.problem === "vins")}
            value={draft.vins}
            aria-invalid={checked.problem === "vins"}
            aria-describedby={checked.problem === "vins" ? `${id}-problem` : undefined}
            onChange={(e) => setDraft({ ...draft, vins: e.target.value })}
          />
        </label>
        <button type="submit" className={buttonClass("primary")} disabled={checked.problem !== null}>
          {t("reliabilityTest.query")}
        </button>
        <button type="button" className={buttonClass("default")} onClick={() => go(filters.defaults)}>
          {t("reliabilityTest.reset")}
        </button>
        <ExportButton
          op="exportMachineryReliability"
          disabled={checked.problem !== null}
          run={() => (checked.query ? api.exportMachineryReliability(checked.query) : Promise.resolve())}
        />
        {checked.problem && (
          <p id={`${id}-problem`} className="w-full text-sm text-red-600">
            {checked.problem === "vins" ? t("reliabilityTest.vinsProblem") : checked.problem}
          </p>
        )}
      </form>
      <p className="text-xs text-gray-600">{t("reliabilityTest.hint")}</p>
      {stats && (
        <p className="text-sm text-gray-800" data-testid="reliability-summary">
          {t("reliabilityTest.summary", {
            passed: stats.total.passed,
            units: stats.total.units,
            reporting: stats.total.reporting,
            days: stats.periodDays,
          })}
        </p>
      )}
      {stats && (
        <Chart
          kind="bar"
          title={t(groupBy === "machine" ? "reliabilityTest.chartMachines" : "reliabilityTest.chart")}
          categories={groupBy === "machine" ? chartMachines.map((m) => m.vin) : chartRows.map((r) => keyLabel(r.key))}
          series={
            groupBy === "machine"
              ? [
                  {
                    name: t("reliabilityTest.col.sharePercent"),
                    data: chartMachines.map((m) => Math.round(m.resentShare * 1000) / 10),
                  },
                  { name: t("reliabilityTest.col.longest"), data: chartMachines.map((m) => m.longestGapMinutes) },
                ]
              : [
                  { name: t("reliabilityTest.passed"), data: chartRows.map((r) => r.passed) },
                  { name: t("reliabilityTest.failed"), data: chartRows.map((r) => r.units - r.passed) },
                ]
          }
          options={
            groupBy === "machine"
              ? { colors: ["#f59e0b", "#dc2626"] }
              : {
                  chart: { stacked: true },
                  colors: ["#16a34a", "#dc2626"],
                  yaxis: { labels: { formatter: (n: number) => String(Math.round(n)) } },
                }
          }
          emptyText={t("reliabilityTest.empty")}
          height={260}
        />
      )}
      {groupBy === "machine" ? (
        <DataTable
          label={t("reliabilityTest.heading")}
          columns={machineColumns}
          rows={stats?.machines ?? []}
          rowKey={(m) => m.vin}
          loading={loading}
          emptyText={t("reliabilityTest.empty")}
        />
      ) : (
        <DataTable
          label={t("reliabilityTest.heading")}
          columns={rowColumns}
          rows={stats ? [...stats.rows, stats.total] : []}
          rowKey={(r, i) => `${i}|${r.key}`}
          loading={loading}
          emptyText={t("reliabilityTest.empty")}
        />
      )}
    </section>
  );
}
