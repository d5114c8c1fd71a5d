import * as d from "@tsp/domain";
import { AddressDialog, buttonClass, DetailList, loadProvinceGeocoder } from "@tsp/ui";
import { useState } from "react";
import type { CellExtreme, VehicleStateDetail } from "../../../api/vehicleState";
import { useT } from "../../../i18n/i18n";

/** A time of the state, or — when there is none. */
export const timeText = (ms: number | null) => (ms === null ? "—" : d.formatDateTimeText(ms) || "—");

/** The offline province geocoder for 地址详情 (coarse but always there). */
const reverse = async (lng: number, lat: number) => (await loadProvinceGeocoder()).reverse(lng, lat);

/** 地址详情 of a position: a button opening the spec's address dialog. */
export function AddressButton({ lng, lat }: { lng: number | null; lat: number | null }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen(true)}>
        {t("vstate.address")}
      </button>
      <AddressDialog open={open} onClose={() => setOpen(false)} lng={lng} lat={lat} reverse={reverse} />
    </>
  );
}

function extremeText(e: CellExtreme | null, at: (pack: string, position: string) => string): string {
  if (e === null) return "—";
  const value = d.readingText(e.value);
  return `${value}（${at(e.pack === null ? "—" : String(e.pack), e.position === null ? "—" : String(e.position))}）`;
}

/**
 * Every value of a vehicle's latest state with its unit; 异常/无效 as words (the domain's
 * `readingText`), never as numbers. Shared by 车辆实时状态's detail and 单车查询.
 */
export function StateView({ state }: { state: VehicleStateDetail }) {
  const t = useT();
  const at = (pack: string, position: string) => t("vstate.cellAt", { pack, position });
  const position =
    state.longitude === null || state.latitude === null ? (
      t("vstate.noPosition")
    ) : (
      <span className="flex flex-wrap items-center gap-2">
        <span>
          {state.longitude.toFixed(6)}, {state.latitude.toFixed(6)}
        </span>
        <AddressButton lng={state.longitude} lat={state.latitude} />
      </span>
    );
  return (
    <div className="flex flex-col gap-4">
      {state.collectedAt === null && <p className="text-sm text-amber-700">{t("vstate.noState")}</p>}
      <DetailList
        items={[
          { label: t("vstate.online"), value: t(state.online ? "vstate.online.online" : "vstate.online.offline") },
          { label: t("vstate.lastReport"), value: timeText(state.lastReportAt) },
          { label: t("vstate.collectedAt"), value: timeText(state.collectedAt) },
          { label: t("vstate.receivedAt"), value: timeText(state.receivedAt) },
          { label: t("vstate.lastLogin"), value: timeText(state.lastLoginAt) },
          { label: t("vstate.lastLogout"), value: timeText(state.lastLogoutAt) },
          { label: t("vstate.position"), value: position },
          { label: t("vstate.vehicleState"), value: state.vehicleState?.text ?? "—" },
          { label: t("vstate.chargeState"), value: state.chargeState?.text ?? "—" },
          { label: t("vstate.speed"), value: d.readingText(state.speed) },
          { label: t("vstate.mileage"), value: d.readingText(state.mileage) },
          { label: t("vstate.socShort"), value: d.readingText(state.soc) },
          { label: t("vstate.voltage"), value: d.readingText(state.totalVoltage) },
          { label: t("vstate.current"), value: d.readingText(state.totalCurrent) },
          { label: t("vstate.alarmLevel"), value: d.readingText(state.alarmLevel) },
          {
            label: t("vstate.alarms"),
            value: state.alarms.length > 0 ? state.alarms.join("、") : t("vstate.noAlarms"),
          },
        ]}
      />
      <section aria-label={t("vstate.battery")} className="flex flex-col gap-2">
        <h3 className="text-sm font-medium text-gray-700">{t("vstate.battery")}</h3>
        <DetailList
          items={[
            { label: t("vstate.maxCellVoltage"), value: extremeText(state.maxCellVoltage, at) },
            { label: t("vstate.minCellVoltage"), value: extremeText(state.minCellVoltage, at) },
            { label: t("vstate.maxTemperature"), value: extremeText(state.maxTemperature, at) },
            { label: t("vstate.minTemperature"), value: extremeText(state.minTemperature, at) },
          ]}
        />
      </section>
      <section aria-label={t("vstate.motors")} className="flex flex-col gap-2">
        <h3 className="text-sm font-medium text-gray-700">{t("vstate.motors")}</h3>
        {state.motors.length === 0 ? (
          <p className="text-sm text-gray-600">{t("vstate.noMotors")}</p>
        ) : (
          <DetailList
            items={state.motors.map((m) => ({
              label: t("vstate.motor", { n: m.serial }),
              value: t("vstate.motorValues", {
                state: m.state,
                speed: d.readingText(m.speed),
                torque: d.readingText(m.torque),
                temperature: d.readingText(m.temperature),
              }),
            }))}
          />
        )}
      </section>
    </div>
  );
}
