import { Badge, DetailList, Dialog } from "@tsp/ui";
import { useEffect, useState } from "react";
import { getMachineState, type MachineStateDetail } from "../../api/machinery";
import { formatDateTime } from "../../format/dateTime";
import { useT } from "../../i18n/i18n";
import { hashHref } from "../../routing/hashLocation";
import { machineEnums, valueText } from "./machineWords";

/** How often an open card reads the machine again. */
const CARD_POLL_MS = 10_000;

/**
 * A machine's card (地图监控's click, 机械实时状态's 详情): its state and latest values, the
 * register entry, the last login/logout, and the ways to 机械实时状态, 机械历史状态, 在线时长管理
 * and 机械轨迹查询 with the PIN. Read again every 10 s while open.
 */
export function MachineCard({ vin, onClose }: { vin: string; onClose: () => void }) {
  const t = useT();
  const { states, types } = machineEnums(t);
  const [m, setM] = useState<MachineStateDetail | null>(null);
  useEffect(() => {
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      getMachineState(vin, ac.signal)
        .then(setM)
        .catch(() => {
          // Toasted by the shell; the card keeps what it had.
        })
        .finally(() => {
          if (!ac.signal.aborted) timer = setTimeout(read, CARD_POLL_MS);
        });
    };
    read();
    return () => {
      ac.abort();
      clearTimeout(timer);
    };
  }, [vin]);
  const state = m ? states.badges[m.state] : undefined;
  const link = (path: string, label: string) => (
    <a className="text-sm text-blue-700 underline-offset-2 hover:underline" href={hashHref(`${path}?vin=${vin}`)}>
      {label}
    </a>
  );
  return (
    <Dialog open title={t("machine.card.title", { vin })} onClose={onClose} width={720}>
      {m === null ? (
        <p className="text-sm text-gray-600">…</p>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            {state && <Badge tone={state.tone}>{state.label}</Badge>}
            <span className="text-sm text-gray-700">
              {types.badges[m.machineryType]?.label} · {m.brand} {m.model}
            </span>
            {m.alarm && <span className="text-sm font-medium text-red-700">{m.alarm}</span>}
          </div>
          <DetailList
            items={[
              { label: t("machine.lastReport"), value: formatDateTime(m.lastReportAt) },
              { label: t("machine.engineRpm"), value: valueText(m.engineRpm, 0) },
              { label: t("machine.load"), value: valueText(m.loadPercent) },
              { label: t("machine.fuelRate"), value: valueText(m.fuelRateLph) },
              { label: t("machine.coolant"), value: valueText(m.coolantC) },
              { label: t("machine.workingHours"), value: valueText(m.workingHours) },
              {
                label: t("machine.position"),
                value: m.longitude === null ? "" : `${m.longitude.toFixed(6)}, ${m.latitude?.toFixed(6) ?? ""}`,
              },
              { label: t("machine.card.lastLogin"), value: formatDateTime(m.lastLoginAt) },
              { label: t("machine.card.lastLogout"), value: formatDateTime(m.lastLogoutAt) },
              { label: t("machine.card.mein"), value: m.mein },
              { label: t("machine.card.cpbh"), value: m.cpbh },
              { label: t("machine.card.manufacturer"), value: m.manufacturer },
              { label: t("machine.card.emission"), value: t(`machine.card.emission.${m.emissionStage}`) },
              { label: t("machine.card.owner"), value: m.ownerName ?? "" },
            ]}
          />
          <nav aria-label={t("machine.card.title", { vin })} className="flex flex-wrap gap-4 border-t pt-3">
            {link("/notRoadMonitor/latest", t("machine.card.latest"))}
            {link("/notRoadMonitor/history", t("machine.card.history"))}
            {link("/notRoadMonitor/online", t("machine.card.online"))}
            {link("/operate/tripQuery", t("machine.card.track"))}
          </nav>
        </div>
      )}
    </Dialog>
  );
}
