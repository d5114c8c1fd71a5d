import { PLATFORM_NAME } from "@tsp/domain";
import { Chart, loadProvinceGeocoder } from "@tsp/ui";
import type { ApexOptions } from "apexcharts";
import { type ReactNode, useEffect, useState } from "react";
import * as api from "../../api/machineryStats";
import { formatDateTime } from "../../format/dateTime";
import { useT } from "../../i18n/i18n";
import { hashHref } from "../../routing/hashLocation";
import { BIG_SCREEN_DESIGN_HEIGHT, BIG_SCREEN_DESIGN_WIDTH, bigScreenScale } from "./scale";
import "../../i18n/screens/machinery";
import "../../i18n/screens/machineryStats";

/** The figures are read again this often (the server shares one computation per 30 s). */
const REFRESH_MS = 30_000;

/**
 * The charts' legend and values in design pixels (each chart sits on the kit's light card). The
 * axes are left to the kit: an `xaxis` here would replace the categories it sets.
 */
const WALL: ApexOptions = {
  legend: { fontSize: "32px" },
  dataLabels: { style: { fontSize: "32px" } },
  tooltip: { enabled: false },
};

interface Region {
  name: string;
  vehicles: number;
  online: number;
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-[40px] rounded-[24px] border-2 border-sky-900 bg-slate-900/60 p-[56px]"
    >
      <h2 id={id} className="text-[52px] font-semibold text-sky-200">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-[16px] bg-slate-800/70 px-[40px] py-[28px]">
      <dt className="text-[34px] text-slate-300">{label}</dt>
      <dd className="text-[80px] font-bold tabular-nums text-white" data-testid={testId}>
        {value.toLocaleString("zh-CN")}
      </dd>
    </div>
  );
}

/**
 * /bigScreen (public, platform-shell.md §2/§9): laid out in design pixels at 3840 × 2160 and
 * scaled to the viewport as one block, so a wall display and a laptop show the same picture.
 * Its three panels show the public getBigScreen's platform-wide aggregates — the fleet's
 * online/offline counts, today's mileage and energy and the machines per state; vehicles per
 * province (the server's 1° cells named by the offline geocoder); today's alarms by level —
 * read again every 30 s. Nothing identifies a vehicle, a machine or a tenant (see openapi).
 */
export default function BigScreenPage() {
  const t = useT();
  const [scale, setScale] = useState(() => bigScreenScale(innerWidth, innerHeight));
  const [figures, setFigures] = useState<{ b: api.BigScreen; regions: Region[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const onResize = () => setScale(bigScreenScale(innerWidth, innerHeight));
    addEventListener("resize", onResize);
    return () => removeEventListener("resize", onResize);
  }, []);
  const unknown = t("farmStats.unknownRegion");
  useEffect(() => {
    // `tick` (the timer) is never negative; reading it makes it a real input.
    if (tick < 0) return;
    const ctl = new AbortController();
    api
      .getBigScreen(ctl.signal)
      .then(async (b) => {
        const geocoder = await loadProvinceGeocoder();
        const sums = new Map<string, Region>();
        for (const c of b.byCell) {
          const name = (await geocoder.reverse(c.lng, c.lat)) ?? unknown;
          const r = sums.get(name) ?? { name, vehicles: 0, online: 0 };
          sums.set(name, { name, vehicles: r.vehicles + c.vehicles, online: r.online + c.online });
        }
        const regions = [...sums.values()].toSorted((x, y) => y.vehicles - x.vehicles).slice(0, 10);
        if (!ctl.signal.aborted) {
          setFigures({ b, regions });
          setFailed(false);
        }
      })
      .catch(() => !ctl.signal.aborted && setFailed(true));
    const timer = setTimeout(() => setTick((n) => n + 1), REFRESH_MS);
    return () => {
      ctl.abort();
      clearTimeout(timer);
    };
  }, [tick, unknown]);
  const b = figures?.b;
  const machineStates = ["working", "online", "alarm", "offline"] as const;
  return (
    <div className="h-screen w-screen overflow-hidden bg-slate-950">
      <div
        data-testid="big-screen-canvas"
        className="origin-top-left text-slate-100"
        style={{ width: BIG_SCREEN_DESIGN_WIDTH, height: BIG_SCREEN_DESIGN_HEIGHT, transform: `scale(${scale})` }}
      >
        <header className="flex h-[160px] items-center justify-between border-b-4 border-sky-700 px-[96px]">
          <h1 className="text-[72px] font-bold tracking-widest">{t("bigScreen.title")}</h1>
          <span className="flex items-center gap-[48px] text-[40px] text-sky-300">
            {b && (
              <span className="text-[32px] text-slate-300">{t("bigScreen.at", { time: formatDateTime(b.at) })}</span>
            )}
            {PLATFORM_NAME}
            <a className="rounded-[12px] border-2 border-sky-700 px-[32px] py-[8px] text-sky-200" href={hashHref("/")}>
              {t("bigScreen.back")}
            </a>
          </span>
        </header>
        {failed && <p className="px-[96px] pt-[24px] text-[40px] text-amber-300">{t("bigScreen.loadFailed")}</p>}
        <div className="grid h-[2000px] grid-cols-3 gap-[64px] p-[96px]">
          <Panel id="bs-fleet" title={t("bigScreen.fleet")}>
            {b && (
              <>
                <dl className="grid grid-cols-2 gap-[32px]">
                  <Figure label={t("bigScreen.vehicles")} value={b.vehicles} testId="bs-vehicles" />
                  <Figure label={t("bigScreen.online")} value={b.online} testId="bs-online" />
                  <Figure label={t("bigScreen.offline")} value={b.offline + b.neverReported} testId="bs-offline" />
                  <Figure label={t("bigScreen.alarming")} value={b.alarming} testId="bs-alarming" />
                  <Figure label={t("bigScreen.mileage")} value={b.mileageToday} testId="bs-mileage" />
                  <Figure label={t("bigScreen.energy")} value={b.energyToday} testId="bs-energy" />
                </dl>
                <h3 className="text-[40px] text-sky-200">{t("bigScreen.machines")}</h3>
                <Chart
                  kind="donut"
                  title={t("bigScreen.machines")}
                  series={machineStates.map((s) => b.machines[s])}
                  categories={machineStates.map((s) => t(`machine.state.${s}`))}
                  options={WALL}
                  height={620}
                />
              </>
            )}
          </Panel>
          <Panel id="bs-regions" title={t("bigScreen.regions")}>
            {figures && (
              <Chart
                kind="bar"
                title={t("bigScreen.regions")}
                categories={figures.regions.map((r) => r.name)}
                series={[
                  { name: t("bigScreen.vehicles"), data: figures.regions.map((r) => r.vehicles) },
                  { name: t("bigScreen.online"), data: figures.regions.map((r) => r.online) },
                ]}
                options={WALL}
                emptyText={t("bigScreen.noRegion")}
                height={1500}
              />
            )}
          </Panel>
          <Panel id="bs-alarms" title={t("bigScreen.alarms")}>
            {b && (
              <>
                <dl className="grid grid-cols-3 gap-[32px]">
                  <Figure label={t("bigScreen.level", { n: 1 })} value={b.alarmsToday.level1} testId="bs-level1" />
                  <Figure label={t("bigScreen.level", { n: 2 })} value={b.alarmsToday.level2} testId="bs-level2" />
                  <Figure label={t("bigScreen.level", { n: 3 })} value={b.alarmsToday.level3} testId="bs-level3" />
                </dl>
                <Chart
                  kind="bar"
                  title={t("bigScreen.alarms")}
                  categories={[1, 2, 3].map((n) => t("bigScreen.level", { n }))}
                  series={[
                    {
                      name: t("bigScreen.alarms"),
                      data: [b.alarmsToday.level1, b.alarmsToday.level2, b.alarmsToday.level3],
                    },
                  ]}
                  options={{ ...WALL, colors: ["#f59e0b"] }}
                  height={1100}
                />
              </>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}
