import { chinaDateTime as chinaTime, readingText } from "@tsp/domain";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { countOf } from "../../../platform/listQuery";
import { filteredStates, orderStates, selectState, toStateRow, type VehicleStateFilter } from "./queries";

/** Rows per batch (the list's order is not a key, so batches are offset pages of it). */
const BATCH = 500;

/** yyyy-MM-dd HH:mm:ss in China time, as the console shows report times. */
const chinaDateTime = (ms: number | null) => (ms === null ? "" : chinaTime(ms));

/** 车辆实时状态's export: the list's columns, values with units, 异常/无效 as words. */
export const vehicleStateExporter: ExportSheet = {
  title: "车辆实时状态",
  columns: [
    { header: "VIN", key: "vin", width: 22 },
    { header: "车牌号", key: "plateNo", width: 12 },
    { header: "车型", key: "modelName", width: 16 },
    { header: "在线状态", key: "online", width: 10 },
    { header: "最后上报时间", key: "lastReportAt", width: 22 },
    { header: "SOC", key: "soc", width: 10 },
    { header: "车速", key: "speed", width: 12 },
    { header: "累计里程", key: "mileage", width: 14 },
    { header: "总电压", key: "totalVoltage", width: 12 },
    { header: "总电流", key: "totalCurrent", width: 12 },
    { header: "车辆状态", key: "vehicleState", width: 14 },
    { header: "充电状态", key: "chargeState", width: 12 },
    { header: "最高报警等级", key: "alarmLevel", width: 12 },
    { header: "经度", key: "longitude", width: 12 },
    { header: "纬度", key: "latitude", width: 12 },
  ],
  total: (job, ctx) => countOf(filteredStates(ctx.db, job, job.params as VehicleStateFilter)),
  async *rows(job, ctx) {
    const q = orderStates(selectState(filteredStates(ctx.db, job, job.params as VehicleStateFilter)));
    for (let offset = 0; ; offset += BATCH) {
      const rows = await q.limit(BATCH).offset(offset).execute();
      if (rows.length === 0) return;
      yield rows.map((raw) => {
        const r = toStateRow(raw);
        return {
          vin: r.vin,
          plateNo: r.plateNo ?? "",
          modelName: r.modelName ?? "",
          online: r.online ? "在线" : "离线",
          lastReportAt: chinaDateTime(r.lastReportAt),
          soc: readingText(r.soc),
          speed: readingText(r.speed),
          mileage: readingText(r.mileage),
          totalVoltage: readingText(r.totalVoltage),
          totalCurrent: readingText(r.totalCurrent),
          vehicleState: r.vehicleState?.text ?? "—",
          chargeState: r.chargeState?.text ?? "—",
          alarmLevel: readingText(r.alarmLevel),
          longitude: r.longitude ?? "",
          latitude: r.latitude ?? "",
        };
      });
      if (rows.length < BATCH) return;
    }
  },
};
