import { FRAME_CHECK_RULE_INFO, type FrameCheckRule } from "@tsp/domain";
import { sql } from "kysely";
import type { Exporter } from "../../../platform/exports/exporter";
import { keysetBatches } from "../../../platform/listQuery";
import { chinaDateTime } from "../exporters";
import { CHECK_COLUMNS, failedRule, frameKeyset, framesOf, toCheckRow } from "./frameQuery";
import { type LocationQuery, positionBatches } from "./locationHandlers";

const BATCH = 1000;
const hex2 = (n: number | null) => (n === null ? "" : `0x${n.toString(16).toUpperCase().padStart(2, "0")}`);

/** 新能源报文检查's export: the failing frames with their rule and raw bytes. */
const frameCheckExporter: Exporter = {
  title: "新能源报文检查",
  columns: [
    { header: "接收时间", key: "receivedAt", width: 22 },
    { header: "VIN", key: "vin", width: 22 },
    { header: "命令", key: "command", width: 10 },
    { header: "检查规则", key: "rule", width: 16 },
    { header: "原因", key: "reason", width: 50 },
    { header: "来源地址", key: "peer", width: 22 },
    { header: "原始报文", key: "rawHex", width: 120 },
  ],
  async *rows(job, ctx) {
    const p = job.params as {
      vin?: string;
      rule?: FrameCheckRule;
      startTime: number;
      endTime: number;
      reportTimeDesc: boolean;
    };
    const q = framesOf(ctx, { ...p, tenantIds: job.tenantIds }).where(failedRule(p.rule));
    const walk = {
      ...frameKeyset(p.reportTimeDesc),
      batch: BATCH,
      keyOf: (r: { id: number | string }) => Number(r.id),
    };
    for await (const rows of keysetBatches(q, walk, (s) => s.select([...CHECK_COLUMNS]))) {
      yield rows.map((r) => {
        const row = toCheckRow(r);
        return {
          receivedAt: chinaDateTime(row.receivedAt),
          vin: row.vin,
          command: hex2(row.command),
          rule: FRAME_CHECK_RULE_INFO[row.rule].label,
          reason: row.reason,
          peer: row.peer,
          rawHex: r.raw_hex,
        };
      });
    }
  },
};

const num = (n: number | null) => (n === null ? "" : n);

/** 位置数据查询's export. */
const locationExporter: Exporter = {
  title: "位置数据",
  columns: [
    { header: "采集时间", key: "collectedAt", width: 22 },
    { header: "接收时间", key: "receivedAt", width: 22 },
    { header: "协议", key: "protocol", width: 14 },
    { header: "补发", key: "resent", width: 8 },
    { header: "定位", key: "fix", width: 8 },
    { header: "经度(WGS-84)", key: "longitude", width: 14 },
    { header: "纬度(WGS-84)", key: "latitude", width: 14 },
    { header: "车速(km/h)", key: "speedKmh", width: 12 },
    { header: "累计里程(km)", key: "mileageKm", width: 14 },
    { header: "SOC(%)", key: "soc", width: 10 },
  ],
  async *rows(job, ctx) {
    const q = job.params as unknown as LocationQuery;
    for await (const rows of positionBatches(ctx, q, job.tenantIds)) {
      yield rows.map((r) => ({
        collectedAt: chinaDateTime(r.collectedAt),
        receivedAt: chinaDateTime(r.receivedAt),
        protocol: r.protocol === "jt808" ? "JT/T 808" : "GB/T 32960",
        resent: r.resent ? "是" : "否",
        fix: r.fixValid ? "有效" : "无效",
        longitude: num(r.longitude),
        latitude: num(r.latitude),
        speedKmh: num(r.speedKmh),
        mileageKm: num(r.mileageKm),
        soc: num(r.soc),
      }));
    }
  },
};

/** 历史数据采集: every frame of the VIN in the range, oldest first, as received. */
const historyExporter: Exporter = {
  title: "历史数据采集",
  columns: [
    { header: "接收时间", key: "receivedAt", width: 22 },
    { header: "VIN", key: "vin", width: 22 },
    { header: "协议", key: "protocol", width: 12 },
    { header: "命令", key: "command", width: 10 },
    { header: "解析状态", key: "status", width: 14 },
    { header: "原因", key: "reason", width: 40 },
    { header: "来源地址", key: "peer", width: 22 },
    { header: "原始报文", key: "rawHex", width: 120 },
  ],
  async total(job, ctx) {
    const p = job.params as { vin: string; startTime: number; endTime: number };
    const r = await framesOf(ctx, { ...p, tenantIds: job.tenantIds })
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },
  async *rows(job, ctx) {
    const p = job.params as { vin: string; startTime: number; endTime: number };
    const q = framesOf(ctx, { ...p, tenantIds: job.tenantIds });
    const walk = { ...frameKeyset(false), batch: BATCH, keyOf: (r: { id: number | string }) => Number(r.id) };
    for await (const rows of keysetBatches(q, walk, (s) => s.select([...CHECK_COLUMNS]))) {
      yield rows.map((r) => ({
        receivedAt: chinaDateTime(Number(r.received_at)),
        vin: r.vin ?? "",
        protocol: r.raw_hex.startsWith("7E") ? "JT/T 808" : "GB/T 32960",
        command:
          r.raw_hex.startsWith("7E") && r.command !== null
            ? `0x${r.command.toString(16).toUpperCase().padStart(4, "0")}`
            : hex2(r.command),
        status: r.status,
        reason: r.reason ?? "",
        peer: r.peer,
        rawHex: r.raw_hex,
      }));
    }
  },
};

export const frameExporters = {
  exportFrameChecks: frameCheckExporter,
  exportLocations: locationExporter,
  createHistoryCollection: historyExporter,
};
