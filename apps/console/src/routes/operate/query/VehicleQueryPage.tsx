import * as d from "@tsp/domain";
import { buttonClass, DetailList, inputClass, TrackMap } from "@tsp/ui";
import { type FormEvent, useEffect, useState } from "react";
import { getSimCard } from "../../../api/baseInfo";
import { type AlarmEpisode, getAlarmEpisodes } from "../../../api/tboxJournals";
import { getTbox, type TboxRecord } from "../../../api/tboxRegister";
import type { SimCardRecord } from "../../../api/types";
import { findVehicle, type VehicleBrief } from "../../../api/vehicleQuery";
import { useT } from "../../../i18n/i18n";
import { navigateHash, useHashSearch } from "../../../routing/hashLocation";
import { type Filing, loadFiling, NerFilingView } from "../../baseInfo/newEnergyInfo/NerDetailButton";
import { useLiveState } from "../../newCarMonitor/latest/StateDetailDialog";
import { StateView, timeText } from "../../newCarMonitor/latest/StateView";
import { FollowVehicle } from "../../personal/follow/FollowVehicle";
import { JournalLinks } from "./JournalLinks";
import { VehicleFinder } from "./VehicleFinder";
import "../../../i18n/screens/fleet";
import "../../../i18n/screens/ner";
import "../../../i18n/screens/tboxJournals";
import "../../../i18n/screens/tboxJournals2";
import "../../../i18n/screens/tboxJournals3";
import "../../../i18n/screens/vehicleState";

const DAY_MS = 24 * 3600 * 1000;

/** What the registers hold of one vehicle (each part null when the vehicle has none). */
export interface MasterData {
  vehicle: VehicleBrief;
  tbox: TboxRecord | null;
  sim: SimCardRecord | null;
  filing: Filing;
  alarms: readonly AlarmEpisode[];
}

/** A read whose failure leaves its part absent. */
const soft = <T,>(p: Promise<T>) => p.catch(() => null);

/** The register reads of a VIN; a part that fails to load reads as absent (the toast says why). */
export async function loadMasterData(vin: string, now: number): Promise<MasterData | null> {
  const vehicle = await findVehicle(vin);
  if (vehicle === null) return null;
  const [tbox, sim, filing, alarms] = await Promise.all([
    vehicle.tboxSn ? soft(getTbox(vehicle.tboxSn)) : null,
    vehicle.iccid ? soft(getSimCard(vehicle.iccid)) : null,
    loadFiling(vin),
    soft(getAlarmEpisodes({ vin, startTime: now - 7 * DAY_MS, endTime: now, reportTimeDesc: true }, 10, undefined)),
  ]);
  return { vehicle, tbox, sim, filing, alarms: alarms?.list ?? [] };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3 rounded-md border border-gray-200 bg-white p-4">
      <h2 className="text-base font-medium text-gray-800">{title}</h2>
      {children}
    </section>
  );
}

/** The last position on the map (WGS-84 in; the map converts for a GCJ-02 basemap). */
function LastPosition({ vin, lng, lat }: { vin: string; lng: number | null; lat: number | null }) {
  const t = useT();
  if (lng === null || lat === null) return <p className="text-sm text-gray-600">{t("vstate.noPosition")}</p>;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs text-gray-600">{t("vquery.coordNote")}</p>
      <TrackMap points={[{ lng, lat }]} label={t("vquery.mapLabel", { vin })} startText="" endText="" height={300} />
    </div>
  );
}

function AlarmTable({ alarms }: { alarms: readonly AlarmEpisode[] }) {
  const t = useT();
  if (alarms.length === 0) return <p className="text-sm text-gray-600">{t("vquery.noAlarms")}</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-gray-600">
        <tr>
          <th className="py-1 font-normal">{t("vquery.alarmName")}</th>
          <th className="py-1 font-normal">{t("vquery.alarmLevel")}</th>
          <th className="py-1 font-normal">{t("vquery.alarmStart")}</th>
          <th className="py-1 font-normal">{t("vquery.alarmEnd")}</th>
        </tr>
      </thead>
      <tbody>
        {alarms.map((a) => (
          <tr key={a.id} className="border-t border-gray-100">
            <td className="py-1">{a.name}</td>
            <td className="py-1">{a.level ?? "—"}</td>
            <td className="py-1">{timeText(a.startedAt)}</td>
            <td className="py-1">{a.endedAt === null ? t("vquery.alarmOn") : timeText(a.endedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One VIN's screen once found: master data, live state, map, alarms, journals. */
export function VehicleSheet({ vin, data, now }: { vin: string; data: MasterData; now: number }) {
  const t = useT();
  const { state } = useLiveState(vin);
  const { vehicle, tbox, sim } = data;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <Section title={t("vquery.vehicle")}>
        <DetailList
          items={[
            { label: t("vquery.vin"), value: vehicle.vin },
            { label: t("vquery.plate"), value: vehicle.plateNo ?? null },
            { label: t("vquery.oem"), value: vehicle.oemName ?? null },
            { label: t("vquery.brand"), value: vehicle.brandName ?? null },
            { label: t("vquery.series"), value: vehicle.seriesName ?? null },
            { label: t("vquery.model"), value: vehicle.modelName ?? null },
          ]}
        />
      </Section>
      <Section title={`${t("vquery.tbox")} / ${t("vquery.sim")}`}>
        <DetailList
          items={[
            { label: t("vquery.tboxSn"), value: tbox?.sn ?? vehicle.tboxSn ?? t("vquery.none") },
            { label: t("vquery.tboxModel"), value: tbox?.modelName ?? null },
            { label: t("vquery.protocol"), value: tbox?.protocol ?? null },
            { label: t("vquery.firmware"), value: tbox?.firmwareVersion ?? null },
            { label: t("vquery.iccid"), value: sim?.iccid ?? vehicle.iccid ?? t("vquery.none") },
            { label: t("vquery.msisdn"), value: sim?.msisdn ?? null },
            { label: t("vquery.carrier"), value: sim ? t(`sim.carrier.${sim.carrier}`) : null },
            { label: t("vquery.simStatus"), value: sim ? t(`sim.status.${sim.status}`) : null },
          ]}
        />
      </Section>
      <Section title={t("vquery.state")}>{state ? <StateView state={state} /> : <p className="text-sm">…</p>}</Section>
      <Section title={t("vquery.map")}>
        <LastPosition vin={vin} lng={state?.longitude ?? null} lat={state?.latitude ?? null} />
      </Section>
      <Section title={t("vquery.alarms")}>
        <AlarmTable alarms={data.alarms} />
      </Section>
      <Section title={t("vquery.journals")}>
        <JournalLinks vin={vin} now={now} />
      </Section>
      <div className="xl:col-span-2">
        <Section title={t("vquery.ner")}>
          <NerFilingView filing={data.filing} />
        </Section>
      </div>
    </div>
  );
}

/**
 * 单车查询 (/operate/query?vin, issue 18): one VIN — the vehicle and its place in the brand tree
 * (findByVin), its T-BOX and SIM card from their registers, every new-energy filing group, the
 * latest state refreshed live, the last position on the map with 地址详情, the last alarm
 * episodes and links into the journals with the VIN filled in. The VIN lives in the address,
 * so the spec's link /operate/query?vin&routeName opens it.
 */
export default function VehicleQueryPage() {
  const t = useT();
  const search = useHashSearch();
  const vin = d.normalizeVin(new URLSearchParams(search).get("vin") ?? "");
  const ready = d.isVin(vin);
  // What is typed, for the VIN in the address (a new address starts from its VIN).
  const [typed, setTyped] = useState({ for: vin, text: vin });
  const draft = typed.for === vin ? typed.text : vin;
  const [problem, setProblem] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<{ vin: string; data: MasterData | null; now: number } | null>(null);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const now = Date.now();
    loadMasterData(vin, now)
      .then((data) => live && setLoaded({ vin, data, now }))
      .catch(() => {}); // toasted by the shell
    return () => {
      live = false;
    };
  }, [vin, ready]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = d.normalizeVin(draft);
    const why = d.vinProblem(next);
    setProblem(why);
    if (why === null) navigateHash(`/operate/query?vin=${next}`);
  };
  const current = loaded?.vin === vin ? loaded : null;
  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="flex items-center gap-3">
        <h1 className="text-lg font-medium text-gray-800">{t("vquery.heading")}</h1>
        {current?.data && <FollowVehicle vin={vin} />}
      </div>
      <form
        onSubmit={submit}
        className="flex flex-wrap items-start gap-2 rounded-md border border-gray-200 bg-white p-4"
      >
        <label className="flex items-center gap-2 text-sm" htmlFor="vquery-vin">
          {t("vquery.vin")}
        </label>
        <div className="flex flex-col">
          <input
            id="vquery-vin"
            className={inputClass("w-64 font-mono", problem !== null)}
            value={draft}
            maxLength={17}
            aria-invalid={problem !== null}
            aria-describedby={problem ? "vquery-vin-problem" : undefined}
            onChange={(e) => setTyped({ for: vin, text: e.target.value })}
          />
          {problem && (
            <span id="vquery-vin-problem" className="text-xs text-red-600">
              {problem}
            </span>
          )}
        </div>
        <button type="submit" className={buttonClass("primary")}>
          {t("kit.query")}
        </button>
        <div className="ml-auto">
          <VehicleFinder onVin={(found) => navigateHash(`/operate/query?vin=${found}`)} />
        </div>
      </form>
      {!ready ? (
        <p className="text-sm text-gray-600">{t("vquery.hint")}</p>
      ) : current === null ? (
        <p className="text-sm text-gray-600">…</p>
      ) : current.data === null ? (
        <p className="text-sm text-gray-600">{t("vquery.notFound")}</p>
      ) : (
        <VehicleSheet vin={vin} data={current.data} now={current.now} />
      )}
    </div>
  );
}
