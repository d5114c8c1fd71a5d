import { TAMPER_KIND_LABELS, type TamperKind } from "@tsp/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { limitOffset } from "../../../platform/listQuery";
import { type DataOf, defineHandler } from "../../defineHandler";
import { must } from "../actor";
import {
  checkHealthRange,
  countWhere,
  HANDLING_COLUMNS,
  type HealthFilter,
  handlingCells,
  handlingOf,
  healthWhere,
  stepHandling,
  timeCell,
} from "./healthRecords";
import { sweepTamper } from "./tamperSweep";

type Tamper = DataOf<"listTamperAlarms">["list"][number];

interface TamperRow {
  id: number;
  vin: string;
  plate: string | null;
  kind: TamperKind;
  level: number;
  started_at: number | string;
  last_report_at: number | string;
  ended_at: number | string | null;
  reports: number;
  longitude: number | null;
  latitude: number | null;
  state: Tamper["handling"]["state"];
  handled_by: string | null;
  handled_at: number | string | null;
  note: string | null;
}

async function page(db: Kysely<Database>, where: RawBuilder<unknown>, limit: number, offset: number) {
  const r = await sql<TamperRow>`select r.*, v.plate from bss_tamper_alarm r left join vehicle v on v.vin = r.vin
    where ${where} order by r.started_at desc, r.id desc limit ${limit} offset ${offset}`.execute(db);
  return r.rows.map(
    (x): Tamper => ({
      id: x.id,
      vin: x.vin,
      plate: x.plate,
      kind: x.kind,
      level: x.level,
      startedAt: Number(x.started_at),
      lastReportAt: Number(x.last_report_at),
      endedAt: x.ended_at === null ? null : Number(x.ended_at),
      reports: x.reports,
      longitude: x.longitude,
      latitude: x.latitude,
      handling: handlingOf(x),
    }),
  );
}

/** listTamperAlarms: the tamper sweep at the server's clock, then a numbered page. */
export const listTamperAlarms = defineHandler<"listTamperAlarms">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  checkHealthRange(filter);
  await sweepTamper(ctx.db, ctx.now().getTime());
  const where = healthWhere(must(principal).tenantIds, filter);
  const { limit, offset } = limitOffset({ pageNum, pageSize });
  const [list, total] = await Promise.all([
    page(ctx.db, where, limit, offset),
    countWhere(ctx.db, "bss_tamper_alarm", where),
  ]);
  return { list, total };
});

export const handleTamperAlarm = defineHandler<"handleTamperAlarm">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  await stepHandling(ctx, p, "bss_tamper_alarm", body);
  const [row] = await page(ctx.db, sql`r.id = ${body.id}`, 1, 0);
  return ok(row as Tamper, "已保存");
});

const BATCH = 1000;

export const tamperAlarmExporter: ExportSheet = {
  title: "防拆报警",
  columns: [
    { header: "VIN", key: "vin", width: 20 },
    { header: "车牌号", key: "plate", width: 12 },
    { header: "报警类型", key: "kind", width: 16 },
    { header: "等级", key: "level", width: 8 },
    { header: "开始时间", key: "startedAt", width: 20 },
    { header: "最近上报", key: "lastReportAt", width: 20 },
    { header: "结束时间", key: "endedAt", width: 20 },
    { header: "上报次数", key: "reports", width: 10 },
    { header: "经度", key: "longitude", width: 12 },
    { header: "纬度", key: "latitude", width: 12 },
    ...HANDLING_COLUMNS,
  ],
  total: (job, ctx) => countWhere(ctx.db, "bss_tamper_alarm", healthWhere(job.tenantIds, job.params as HealthFilter)),
  async *rows(job, ctx) {
    const where = healthWhere(job.tenantIds, job.params as HealthFilter);
    for (let offset = 0; ; offset += BATCH) {
      const rows = await page(ctx.db, where, BATCH, offset);
      yield rows.map((r) => ({
        vin: r.vin,
        plate: r.plate ?? "",
        kind: TAMPER_KIND_LABELS[r.kind],
        level: r.level,
        startedAt: timeCell(r.startedAt),
        lastReportAt: timeCell(r.lastReportAt),
        endedAt: timeCell(r.endedAt, "持续中"),
        reports: r.reports,
        longitude: r.longitude ?? "",
        latitude: r.latitude ?? "",
        ...handlingCells(r.handling),
      }));
      if (rows.length < BATCH) return;
    }
  },
};

export const exportTamperAlarms = defineHandler<"exportTamperAlarms">(async ({ query, principal }, ctx) => {
  checkHealthRange(query);
  return ok(await ctx.exports.submit(must(principal), "exportTamperAlarms", { ...query }), EXPORT_SUBMITTED_MSG);
});
