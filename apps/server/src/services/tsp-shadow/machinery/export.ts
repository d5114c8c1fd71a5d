import { hoursText, MACHINE_STATE_LABELS, MACHINERY_TYPE_LABELS } from "@tsp/domain";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { chinaDateTime } from "../../tsp-hbase-proxy/exporters";
import { onlineDays } from "./onlineTime";
import { historyQuery, type MachineFilter, machineStates, toSample } from "./queries";

const BATCH = 1000;
const time = (ms: number | null) => (ms === null ? "" : chinaDateTime(ms));
const value = (n: number | null) => (n === null ? "" : n);

/** 机械实时状态's export: the list's columns in its order. */
export const machineStateExporter: ExportSheet = {
  title: "机械实时状态",
  columns: [
    { header: "机械PIN码", key: "vin", width: 22 },
    { header: "机械类型", key: "machineryType", width: 10 },
    { header: "品牌", key: "brand", width: 10 },
    { header: "产品型号", key: "model", width: 14 },
    { header: "状态", key: "state", width: 8 },
    { header: "最后上报时间", key: "lastReportAt", width: 22 },
    { header: "发动机转速(rpm)", key: "engineRpm", width: 14 },
    { header: "负荷(%)", key: "loadPercent", width: 10 },
    { header: "燃油消耗率(L/h)", key: "fuelRateLph", width: 14 },
    { header: "冷却液温度(°C)", key: "coolantC", width: 14 },
    { header: "累计工作小时(h)", key: "workingHours", width: 14 },
    { header: "经度", key: "longitude", width: 12 },
    { header: "纬度", key: "latitude", width: 12 },
    { header: "报警", key: "alarm", width: 16 },
  ],
  async *rows(job, ctx) {
    const { rows } = await machineStates(ctx, job.tenantIds, job.params as MachineFilter);
    for (let i = 0; i < rows.length; i += BATCH) {
      yield rows.slice(i, i + BATCH).map((r) => ({
        vin: r.vin,
        machineryType: MACHINERY_TYPE_LABELS[r.machineryType],
        brand: r.brand,
        model: r.model,
        state: MACHINE_STATE_LABELS[r.state],
        lastReportAt: time(r.lastReportAt),
        engineRpm: value(r.engineRpm),
        loadPercent: value(r.loadPercent),
        fuelRateLph: value(r.fuelRateLph),
        coolantC: value(r.coolantC),
        workingHours: value(r.workingHours),
        longitude: value(r.longitude),
        latitude: value(r.latitude),
        alarm: r.alarm ?? "",
      }));
    }
  },
};

/** 机械历史状态's export: one machine's reports over the range, oldest first. */
export const machineHistoryExporter: ExportSheet = {
  title: "机械历史状态",
  columns: [
    { header: "采集时间", key: "collectedAt", width: 22 },
    { header: "发动机转速(rpm)", key: "engineRpm", width: 14 },
    { header: "负荷(%)", key: "loadPercent", width: 10 },
    { header: "燃油消耗率(L/h)", key: "fuelRateLph", width: 14 },
    { header: "冷却液温度(°C)", key: "coolantC", width: 14 },
    { header: "累计工作小时(h)", key: "workingHours", width: 14 },
    { header: "速度(km/h)", key: "speedKmh", width: 10 },
    { header: "经度", key: "longitude", width: 12 },
    { header: "纬度", key: "latitude", width: 12 },
    { header: "报警", key: "alarm", width: 16 },
  ],
  async *rows(job, ctx) {
    const q = job.params as { vin: string; startTime: number; endTime: number };
    const all = historyQuery(ctx, q).selectAll().orderBy("collected_at");
    for (let offset = 0; ; offset += BATCH) {
      const rows = await all.limit(BATCH).offset(offset).execute();
      yield rows.map((raw) => {
        const s = toSample(raw);
        return {
          collectedAt: time(s.collectedAt),
          engineRpm: value(s.engineRpm),
          loadPercent: value(s.loadPercent),
          fuelRateLph: value(s.fuelRateLph),
          coolantC: value(s.coolantC),
          workingHours: value(s.workingHours),
          speedKmh: value(s.speedKmh),
          longitude: value(s.longitude),
          latitude: value(s.latitude),
          alarm: s.alarm ?? "",
        };
      });
      if (rows.length < BATCH) return;
    }
  },
};

/** 在线时长管理's export: the list's rows, hours with one decimal. */
export const machineOnlineExporter: ExportSheet = {
  title: "在线时长",
  columns: [
    { header: "日期", key: "day", width: 12 },
    { header: "机械PIN码", key: "vin", width: 22 },
    { header: "机械类型", key: "machineryType", width: 10 },
    { header: "产品型号", key: "model", width: 14 },
    { header: "在线时长(h)", key: "hours", width: 12 },
    { header: "上线次数", key: "sessions", width: 10 },
    { header: "首次上线", key: "firstLoginAt", width: 22 },
    { header: "最后下线", key: "lastLogoutAt", width: 22 },
  ],
  async *rows(job, ctx) {
    const q = job.params as { vin?: string; startTime: number; endTime: number };
    const rows = await onlineDays(ctx, job.tenantIds, q);
    for (let i = 0; i < rows.length; i += BATCH) {
      yield rows.slice(i, i + BATCH).map((r) => ({
        day: r.day,
        vin: r.vin,
        machineryType: MACHINERY_TYPE_LABELS[r.machineryType],
        model: r.model,
        hours: hoursText(r.onlineMs),
        sessions: r.sessions,
        firstLoginAt: time(r.firstLoginAt),
        lastLogoutAt: time(r.lastLogoutAt),
      }));
    }
  },
};
