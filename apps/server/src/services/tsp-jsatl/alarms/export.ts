import { jt808SafetyAlarmName } from "@tsp/domain";
import { sql } from "kysely";
import { ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { defineHandler } from "../../defineHandler";
import { type SafetyAlarmFilter, safetyAlarmQuery } from "./list";

/** The peripherals as the screen names them (zh-CN: the sheet's language). */
const SOURCE_LABELS: Readonly<Record<string, string>> = {
  adas: "ADAS 高级驾驶辅助",
  dsm: "DSM 驾驶员状态监测",
  tpms: "TPMS 胎压监测",
  bsd: "BSD 盲区监测",
};
/** Rows read per batch. */
const BATCH = 1000;

/** exportSafetyAlarms: the list's filters as an export task; the .xlsx appears in the export file list. */
export const exportSafetyAlarms = defineHandler<"exportSafetyAlarms">(async ({ query, principal }, ctx) => {
  // Checked now (a reversed range answers 400 here, not as a failed task).
  safetyAlarmQuery(ctx.db, principal, query);
  const task = await ctx.exports.submit(principal, "exportSafetyAlarms", { ...query });
  return ok(task, EXPORT_SUBMITTED_MSG);
});

/** The alarms as 报警附件上传 lists them (every page, newest first), files counted, in batches. */
export const safetyAlarmExporter: ExportSheet = {
  title: "报警附件",
  columns: [
    { header: "VIN", key: "vin", width: 20 },
    { header: "车牌号", key: "plate", width: 12 },
    { header: "报警时间", key: "alarmAt", width: 20, type: "dateTime" },
    { header: "报警来源", key: "source", width: 18 },
    { header: "报警类型", key: "type", width: 16 },
    { header: "报警级别", key: "level", width: 10 },
    { header: "位置", key: "position", width: 24 },
    { header: "报警编号", key: "alarmNumber", width: 36 },
    { header: "应收附件", key: "expected", width: 10 },
    { header: "已收附件", key: "received", width: 10 },
  ],
  async *rows(job, ctx) {
    const filter = job.params as SafetyAlarmFilter;
    for (let offset = 0; ; offset += BATCH) {
      const rows = await safetyAlarmQuery(ctx.db, { tenantIds: job.tenantIds }, filter)
        .select([
          "a.vin",
          "v.plate",
          "a.alarm_at",
          "a.source",
          "a.alarm_type",
          "a.level",
          "a.latitude",
          "a.longitude",
          "a.alarm_number",
          "a.file_count",
          sql<number>`(select count(*) from gateway_safety_file f where f.alarm_id = a.id and f.object_key is not null)`.as(
            "received",
          ),
        ])
        .orderBy("a.alarm_at", "desc")
        .orderBy("a.id", "desc")
        .limit(BATCH)
        .offset(offset)
        .execute();
      if (rows.length === 0) return;
      yield rows.map((r) => ({
        vin: r.vin,
        plate: r.plate ?? "",
        alarmAt: Number(r.alarm_at),
        source: SOURCE_LABELS[r.source] ?? r.source,
        type: jt808SafetyAlarmName(r.source as "adas", r.alarm_type),
        level: r.level === null ? "" : `${r.level}级`,
        position:
          r.latitude === null || r.longitude === null ? "" : `${r.longitude.toFixed(5)}, ${r.latitude.toFixed(5)}`,
        alarmNumber: r.alarm_number,
        expected: r.file_count,
        received: Number(r.received),
      }));
      if (rows.length < BATCH) return;
    }
  },
};
