import * as d from "@tsp/domain";
import { buttonClass, Chart, type Column, DataTable, inputClass, loadProvinceGeocoder } from "@tsp/ui";
import { useEffect, useId, useMemo, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/machineryStats";
import { useT } from "../../../i18n/i18n";
import { ExportButton } from "../../../kit/ExportButton";
import { navigateHash, useHashPath, useHashSearch } from "../../../routing/hashLocation";
import { machineEnums } from "../../notRoadMonitor/machineWords";
import "../../../i18n/screens/machinery";
import "../../../i18n/screens/machineryStats";

type GroupBy = api.FarmStatsQuery["groupBy"];
type FarmType = "" | "tractor" | "harvester";

interface Draft {
  from: string;
  to: string;
  groupBy: GroupBy;
  machineryType: FarmType;
  vin: string;
}

const GROUP_BYS = ["day", "type", "model", "region"] as const satisfies readonly GroupBy[];

/**
 * The asked filters live in the address (`?from=2026-11-01&to=2026-11-07&groupBy=model…`), so a
 * copied link reproduces the figures and back/forward walk through earlier questions; days are
 * checked by the same range rule as a typed draft (an unreadable day falls back to the last 7).
 */
const addressCodec = d.filterCodec(
  v.object({
    from: d.textFilter(10),
    to: d.textFilter(10),
    groupBy: d.choiceFilter(GROUP_BYS, "day"),
    machineryType: d.choiceFilter(d.FARM_MACHINERY_TYPES),
    vin: d.textFilter(17),
  }),
);

/** The draft an address asks for: its filters, the last 7 China days when it names no valid range. */
function draftOf(search: string, now: number): Draft {
  const f = addressCodec.parse(search);
  const days = d.chinaDaysRange(f.from, f.to) === null ? d.defaultStatDays(now) : { from: f.from, to: f.to };
  return { ...days, groupBy: f.groupBy, machineryType: f.machineryType as FarmType, vin: f.vin };
}

interface Shown {
  rows: api.FarmStatRow[];
  total: api.FarmStatRow;
  groupBy: GroupBy;
}

/** The query of a draft, or the problem that keeps it from being asked (@tsp/domain's range rule, as the server's). */
function queryOf(draft: Draft): { query: api.FarmStatsQuery; problem: null } | { query: null; problem: string } {
  const range = d.chinaDaysRange(draft.from, draft.to);
  if (range === null) return { query: null, problem: "请选择开始日期和结束日期" };
  const problem = d.machineRangeProblem(range.startTime, range.endTime, d.MACHINE_STATS_MAX_DAYS);
  if (problem) return { query: null, problem };
  return {
    problem: null,
    query: {
      ...range,
      groupBy: draft.groupBy,
      ...(draft.machineryType ? { machineryType: draft.machineryType } : {}),
      ...(draft.vin.trim() ? { vin: draft.vin.trim().toUpperCase() } : {}),
    },
  };
}

const labelClass = "text-sm text-gray-600";

const fuelPerHour = (r: api.FarmStatRow) => d.fuelPerWorkingHour(r)?.toString() ?? "—";

/**
 * 农机数据统计 (/operate/farmMachinery, issue 18): the farm machines' (拖拉机, 收获机) working
 * hours, engine hours, mileage and fuel over ≤ 31 days from their reports, by day, type, model
 * or region (the server's 1° cells merged per province by the offline geocoder and @tsp/domain
 * mergeFarmStats); a chart on the kit's wrapper and a table of the same figures with the total;
 * export as a task. Work area is not computed (no working width in 机械信息) and the hint says so.
 * 查询 writes the filters into the address (see `addressCodec`); the figures follow the address.
 */
export default function FarmMachineryPage() {
  const t = useT();
  const id = useId();
  const { types } = machineEnums(t);
  const [path] = useHashPath();
  const search = useHashSearch();
  // "The last 7 days" count from when the screen opened (a render reads no clock).
  const [openedAt] = useState(() => Date.now());
  const inAddress = useMemo(() => draftOf(search, openedAt), [search, openedAt]);
  // The form's draft starts from the address and starts again when the address changes (back/forward).
  const [draft, setDraft] = useState<Draft>(inAddress);
  const [draftOfSearch, setDraftOfSearch] = useState(search);
  if (draftOfSearch !== search) {
    setDraftOfSearch(search);
    setDraft(inAddress);
  }
  // 查询 with the filters already in the address asks again (a new round), as a refresh would.
  const [round, setRound] = useState(0);
  const ask = useMemo(() => ({ query: queryOf(inAddress).query, round }), [inAddress, round]);
  // The last answer and the question it answers: loading while the asked question has none yet.
  const [shown, setShown] = useState<(Shown & { ask: typeof ask }) | null>(null);
  const loading = ask.query !== null && shown?.ask !== ask;
  const checked = queryOf(draft);
  const unknown = t("farmStats.unknownRegion");
  const typeLabel = (key: string) => types.badges[key as keyof typeof types.badges]?.label ?? key;

  useEffect(() => {
    const asked = ask.query;
    if (asked === null) return;
    const ctl = new AbortController();
    api
      .listFarmMachineryStats(asked, ctl.signal)
      .then(async (answer) => {
        let rows = answer.rows;
        if (asked.groupBy === "region") {
          const geocoder = await loadProvinceGeocoder();
          const named: api.FarmStatRow[] = [];
          for (const r of answer.rows) {
            const cell = d.cellOfKey(r.key);
            const name = cell ? await geocoder.reverse(cell.lng, cell.lat) : null;
            named.push({ ...r, key: name ?? unknown });
          }
          rows = d.mergeFarmStats(named, (r) => r.key);
        }
        if (!ctl.signal.aborted) setShown({ ask, rows, total: answer.total, groupBy: asked.groupBy });
      })
      .catch(() => {
        // Toasted by the shell; the last figures stay, no longer loading.
        if (!ctl.signal.aborted)
          setShown((prev) => ({
            ...(prev ?? { rows: [], total: d.farmStatTotals([], "合计"), groupBy: asked.groupBy }),
            ask,
          }));
      });
    return () => ctl.abort();
  }, [ask, unknown]);

  // A row's words: a type's or a model's from the catalogue, a day or a province as answered.
  const labelOf = (groupBy: GroupBy, key: string) => {
    if (groupBy === "type") return typeLabel(key);
    if (groupBy !== "model") return key;
    const [type = "", ...model] = key.split("|");
    return `${typeLabel(type)} ${model.join("|")}`;
  };
  const columns: Column<api.FarmStatRow & { label: string }>[] = [
    { key: "label", title: t("farmStats.key"), width: 200 },
    { key: "machineDays", title: t("farmStats.machineDays"), width: 100, align: "right" },
    { key: "workingHours", title: t("farmStats.workingHours"), width: 120, align: "right" },
    { key: "engineHours", title: t("farmStats.engineHours"), width: 150, align: "right" },
    { key: "mileageKm", title: t("farmStats.mileageKm"), width: 120, align: "right" },
    { key: "fuelL", title: t("farmStats.fuelL"), width: 100, align: "right" },
    { key: "fuelPerHour", title: t("farmStats.fuelPerHour"), width: 150, align: "right", render: fuelPerHour },
  ];
  const rows = shown?.rows.map((r) => ({ ...r, label: labelOf(shown.groupBy, r.key) })) ?? [];
  const tableRows = shown ? [...rows, { ...shown.total, key: "合计", label: t("farmStats.total") }] : [];
  const chartRows = rows.slice(0, 31);
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-lg font-medium text-gray-900">{t("farmStats.heading")}</h1>
      <form
        className="flex flex-wrap items-end gap-3 rounded border border-gray-200 bg-white p-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!checked.query) return;
          const query = addressCodec.format(draft);
          if (query === addressCodec.format(inAddress)) setRound((n) => n + 1);
          else navigateHash(query === "" ? path : `${path}?${query}`);
        }}
      >
        <label className="flex flex-col gap-1" htmlFor={`${id}-from`}>
          <span className={labelClass}>{t("farmStats.from")}</span>
          <input
            id={`${id}-from`}
            type="date"
            className={inputClass("w-40")}
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-to`}>
          <span className={labelClass}>{t("farmStats.to")}</span>
          <input
            id={`${id}-to`}
            type="date"
            className={inputClass("w-40", checked.problem !== null)}
            value={draft.to}
            aria-invalid={checked.problem !== null}
            aria-describedby={checked.problem ? `${id}-problem` : undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-group`}>
          <span className={labelClass}>{t("farmStats.groupBy")}</span>
          <select
            id={`${id}-group`}
            className={inputClass("w-36")}
            value={draft.groupBy}
            onChange={(e) => setDraft({ ...draft, groupBy: e.target.value as GroupBy })}
          >
            {GROUP_BYS.map((g) => (
              <option key={g} value={g}>
                {t(`farmStats.groupBy.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-type`}>
          <span className={labelClass}>{t("farmStats.type")}</span>
          <select
            id={`${id}-type`}
            className={inputClass("w-36")}
            value={draft.machineryType}
            onChange={(e) => setDraft({ ...draft, machineryType: e.target.value as FarmType })}
          >
            <option value="">{t("farmStats.type.all")}</option>
            {d.FARM_MACHINERY_TYPES.map((k) => (
              <option key={k} value={k}>
                {typeLabel(k)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-vin`}>
          <span className={labelClass}>{t("farmStats.vin")}</span>
          <input
            id={`${id}-vin`}
            className={inputClass("w-48")}
            maxLength={17}
            value={draft.vin}
            onChange={(e) => setDraft({ ...draft, vin: e.target.value })}
          />
        </label>
        <button type="submit" className={buttonClass("primary")} disabled={checked.problem !== null}>
          {t("farmStats.query")}
        </button>
        <ExportButton
          op="exportFarmMachineryStats"
          disabled={checked.problem !== null}
          run={() => (checked.query ? api.exportFarmMachineryStats(checked.query) : Promise.resolve())}
        />
        {checked.problem && (
          <p id={`${id}-problem`} className="w-full text-sm text-red-600">
            {checked.problem}
          </p>
        )}
      </form>
      <p className="text-xs text-gray-600">{t("farmStats.hint")}</p>
      {shown && (
        <Chart
          kind={shown.groupBy === "day" ? "line" : "bar"}
          title={t("farmStats.chart")}
          categories={chartRows.map((r) => r.label)}
          series={[
            { name: t("farmStats.workingHours"), data: chartRows.map((r) => r.workingHours) },
            { name: t("farmStats.mileageKm"), data: chartRows.map((r) => r.mileageKm) },
          ]}
          emptyText={t("farmStats.empty")}
          height={300}
        />
      )}
      <DataTable
        label={t("farmStats.heading")}
        columns={columns}
        rows={tableRows}
        rowKey={(r) => `${r.key}|${r.label}`}
        loading={loading}
      />
    </section>
  );
}
