import { buttonClass, Chart, loadProvinceGeocoder } from "@tsp/ui";
import { type ReactNode, useEffect, useState } from "react";
import * as api from "../../../api/fleet";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { hashHref } from "../../../routing/hashLocation";
import "../../../i18n/screens/fleet";

/** The figures are read again this often while the screen is open. */
const REFRESH_MS = 60_000;

interface Figures {
  overview: api.OperateOverview;
  fuel: api.FuelAlertTotals | null;
  /** byCell summed per province (the offline geocoder names each cell's centre). */
  regions: { name: string; vehicles: number; online: number; alarming: number }[];
}

async function regionsOf(o: api.OperateOverview, unknown: string): Promise<Figures["regions"]> {
  const geocoder = await loadProvinceGeocoder();
  const sums = new Map<string, Figures["regions"][number]>();
  for (const c of o.byCell) {
    const name = (await geocoder.reverse(c.lng, c.lat)) ?? unknown;
    const r = sums.get(name) ?? { name, vehicles: 0, online: 0, alarming: 0 };
    sums.set(name, {
      name,
      vehicles: r.vehicles + c.vehicles,
      online: r.online + c.online,
      alarming: r.alarming + c.alarming,
    });
  }
  return [...sums.values()].toSorted((a, b) => b.vehicles - a.vehicles).slice(0, 12);
}

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-md bg-white p-4 shadow-sm">
      <h2 id={id} className="mb-2 text-sm font-medium text-gray-700">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * 运营总览 (/operate/overview, issue 18; the guard's landing when 首页 is not permitted): the
 * fleet at a glance from getOperateOverview — online / offline / never reported / alarming,
 * mileage and energy today, today's alarms by level, per brand and per region (the server's grid
 * cells named by the offline province geocoder) — and the fuel alerts of the last 7 days
 * (getTotalFuelAlert). Charts on the kit's chart wrapper; read again every minute.
 */
export default function OverviewPage() {
  const t = useT();
  const [figures, setFigures] = useState<Figures | null>(null);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const unknown = t("overview.unknownRegion");
  useEffect(() => {
    // `tick` (刷新 or the minute's timer) is never negative; reading it makes it a real input.
    if (tick < 0) return;
    const ctl = new AbortController();
    const { signal } = ctl;
    Promise.all([api.getOverview(signal), api.fuelAlerts(signal).catch(() => null)])
      .then(async ([overview, fuel]) => {
        const regions = await regionsOf(overview, unknown);
        if (!signal.aborted) {
          setFigures({ overview, fuel, regions });
          setFailed(false);
        }
      })
      .catch(() => !signal.aborted && setFailed(true));
    // Read again after a while (the next tick aborts nothing: this load is done by then).
    const timer = setTimeout(() => setTick((n) => n + 1), REFRESH_MS);
    return () => {
      ctl.abort();
      clearTimeout(timer);
    };
  }, [tick, unknown]);
  const load = () => setTick((n) => n + 1);
  const o = figures?.overview;
  const stats: { key: string; label: string; value: string; note?: string }[] = o
    ? [
        { key: "vehicles", label: t("overview.vehicles"), value: o.vehicles.toLocaleString("zh-CN") },
        { key: "online", label: t("overview.online"), value: o.online.toLocaleString("zh-CN") },
        { key: "offline", label: t("overview.offline"), value: o.offline.toLocaleString("zh-CN") },
        { key: "never", label: t("overview.never"), value: o.neverReported.toLocaleString("zh-CN") },
        { key: "alarming", label: t("overview.alarming"), value: o.alarming.toLocaleString("zh-CN") },
        { key: "mileage", label: t("overview.mileage"), value: o.mileageToday.toLocaleString("zh-CN") },
        {
          key: "energy",
          label: t("overview.energy"),
          value: o.energyToday.toLocaleString("zh-CN"),
          note: t("overview.socUsed", { n: o.socUsedToday }),
        },
      ]
    : [];
  const fuelTypes = ["abnormalDrop", "lowFuel", "sensorFault"] as const;
  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-medium text-gray-800">{t("overview.heading")}</h1>
        {o && <span className="text-xs text-gray-600">{t("overview.at", { time: formatDateTime(o.at) })}</span>}
        <button type="button" className={buttonClass("default")} onClick={() => load()}>
          {t("overview.refresh")}
        </button>
        <a href={hashHref("/operate/screen")} className="ml-auto text-sm text-blue-700 hover:underline">
          {t("overview.toScreen")}
        </a>
      </div>
      {failed && !o && <p className="text-sm text-red-700">{t("overview.loadFailed")}</p>}
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7" aria-label={t("overview.heading")}>
        {stats.map((s) => (
          <li key={s.key} className="rounded-md bg-white p-4 shadow-sm" data-stat={s.key}>
            <p className="text-sm text-gray-600">{s.label}</p>
            <p className="mt-1 text-2xl font-semibold text-gray-800 tabular-nums">{s.value}</p>
            {s.note && <p className="mt-1 text-xs text-gray-600">{s.note}</p>}
          </li>
        ))}
      </ul>
      {o && figures && (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <Card id="ov-status" title={t("overview.status")}>
            <Chart
              kind="donut"
              title={t("overview.status")}
              series={[o.online, o.offline, o.neverReported]}
              categories={[t("overview.online"), t("overview.offline"), t("overview.never")]}
              height={260}
            />
          </Card>
          <Card id="ov-alarms" title={t("overview.alarmsToday")}>
            <Chart
              kind="bar"
              title={t("overview.alarmsToday")}
              categories={[1, 2, 3].map((n) => t("overview.level", { n }))}
              series={[
                {
                  name: t("overview.episodes"),
                  data: [o.alarmsToday.level1, o.alarmsToday.level2, o.alarmsToday.level3],
                },
              ]}
              height={260}
            />
          </Card>
          <Card id="ov-brand" title={t("overview.byBrand")}>
            <Chart
              kind="bar"
              title={t("overview.byBrand")}
              categories={o.byBrand.map((b) => b.brandName)}
              series={[
                { name: t("overview.vehicles"), data: o.byBrand.map((b) => b.vehicles) },
                { name: t("overview.online"), data: o.byBrand.map((b) => b.online) },
                { name: t("overview.alarming"), data: o.byBrand.map((b) => b.alarming) },
              ]}
              height={280}
            />
          </Card>
          <Card id="ov-region" title={t("overview.byRegion")}>
            <Chart
              kind="bar"
              title={t("overview.byRegion")}
              categories={figures.regions.map((r) => r.name)}
              series={[
                { name: t("overview.vehicles"), data: figures.regions.map((r) => r.vehicles) },
                { name: t("overview.online"), data: figures.regions.map((r) => r.online) },
                { name: t("overview.alarming"), data: figures.regions.map((r) => r.alarming) },
              ]}
              height={280}
            />
          </Card>
          {figures.fuel && (
            <div className="xl:col-span-2">
              <Card
                id="ov-fuel"
                title={`${t("overview.fuel")} · ${t("overview.fuelTotal", { n: figures.fuel.total })}`}
              >
                <Chart
                  kind="line"
                  title={t("overview.fuel")}
                  categories={figures.fuel.byDay.map((d) => d.date.slice(5))}
                  series={[{ name: t("overview.fuel"), data: figures.fuel.byDay.map((d) => d.count) }]}
                  height={220}
                />
                <ul className="mt-2 flex flex-wrap gap-4 text-sm text-gray-700">
                  {fuelTypes.map((type) => (
                    <li key={type}>
                      {t(`overview.fuel.${type}`)}：
                      <span className="tabular-nums">
                        {figures.fuel?.byType.find((b) => b.type === type)?.count ?? 0}
                      </span>
                    </li>
                  ))}
                </ul>
              </Card>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
