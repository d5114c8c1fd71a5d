import * as d from "@tsp/domain";
import { buttonClass, Chart, inputClass } from "@tsp/ui";
import { type FormEvent, useEffect, useState } from "react";
import { getVehicleTrack, type VehicleTrack } from "../../../api/track";
import { useT } from "../../../i18n/i18n";
import { navigateHash, useHashSearch } from "../../../routing/hashLocation";
import "../../../i18n/screens/fleet";

const DAY = 86_400_000;
const CHINA = d.CHINA_UTC_OFFSET_MS;
/** At most this many points are drawn (the track's every point still counts in its figures). */
const DRAWN = 480;

const todayText = () => new Date(Date.now() + CHINA).toISOString().slice(0, 10);
const hhmm = (ms: number) => new Date(ms + CHINA).toISOString().slice(11, 16);

/** Every n-th point so at most DRAWN are drawn, the last one always. */
function thin(track: VehicleTrack) {
  const step = Math.max(1, Math.ceil(track.at.length / DRAWN));
  const idx = track.at.map((_, i) => i).filter((i) => i % step === 0 || i === track.at.length - 1);
  return {
    at: idx.map((i) => hhmm(track.at[i] as number)),
    speed: idx.map((i) => track.speed[i] ?? null),
    mileage: idx.map((i) => track.mileage[i] ?? null),
  };
}

/**
 * 图表测试 (/operate/test): the kit's chart wrapper on real data — one VIN's speed and odometer
 * over a China-time day from the positions the gateway decoded (getVehicleTrack). The VIN and
 * day are in the address (?vin&day).
 */
export default function ChartTestPage() {
  const t = useT();
  const params = new URLSearchParams(useHashSearch());
  const vin = d.normalizeVin(params.get("vin") ?? "");
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get("day") ?? "") ? (params.get("day") as string) : todayText();
  const [draft, setDraft] = useState({ vin, day });
  // The form follows the address when it changes (a link, back/forward), not only on first render.
  const [draftFor, setDraftFor] = useState(`${vin}|${day}`);
  if (draftFor !== `${vin}|${day}`) {
    setDraftFor(`${vin}|${day}`);
    setDraft({ vin, day });
  }
  const [track, setTrack] = useState<VehicleTrack | null>(null);
  const problem = draft.vin ? d.vinProblem(d.normalizeVin(draft.vin)) : null;
  useEffect(() => {
    if (!d.isVin(vin)) return;
    const ctl = new AbortController();
    const start = Date.parse(`${day}T00:00:00+08:00`);
    getVehicleTrack({ vin, startTime: start, endTime: start + DAY - 1, speedLimit: 100, stopMinutes: 5 }, ctl.signal)
      .then(setTrack)
      .catch(() => setTrack(null));
    return () => ctl.abort();
  }, [vin, day]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = d.normalizeVin(draft.vin);
    if (d.vinProblem(next) === null) navigateHash(`/operate/test?vin=${next}&day=${draft.day}`);
  };
  const drawn = track ? thin(track) : null;
  return (
    <div className="flex flex-col gap-4 p-4">
      <h1 className="text-lg font-medium text-gray-800">{t("chartTest.heading")}</h1>
      <p className="text-sm text-gray-600">{t("chartTest.hint")}</p>
      <form onSubmit={submit} className="flex flex-wrap items-start gap-3 rounded-md bg-white p-4 shadow-sm">
        <label className="flex items-center gap-2 text-sm">
          {t("chartTest.vin")}
          <input
            className={inputClass("w-56 font-mono", problem !== null)}
            value={draft.vin}
            maxLength={17}
            aria-invalid={problem !== null}
            onChange={(e) => setDraft({ ...draft, vin: e.target.value })}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          {t("chartTest.day")}
          <input
            type="date"
            className={inputClass("w-40")}
            value={draft.day}
            onChange={(e) => setDraft({ ...draft, day: e.target.value })}
          />
        </label>
        <button type="submit" className={buttonClass("primary")}>
          {t("kit.query")}
        </button>
        {problem && <span className="text-xs text-red-700">{problem}</span>}
      </form>
      {drawn && track && (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <section className="rounded-md bg-white p-4 shadow-sm">
            <p className="mb-2 text-xs text-gray-600">{t("chartTest.points", { n: track.at.length })}</p>
            <Chart
              kind="line"
              title={t("chartTest.speed")}
              categories={drawn.at}
              series={[{ name: t("chartTest.speed"), data: drawn.speed }]}
              height={280}
            />
          </section>
          <section className="rounded-md bg-white p-4 shadow-sm">
            <Chart
              kind="area"
              title={t("chartTest.mileage")}
              categories={drawn.at}
              series={[{ name: t("chartTest.mileage"), data: drawn.mileage }]}
              height={280}
            />
          </section>
        </div>
      )}
    </div>
  );
}
