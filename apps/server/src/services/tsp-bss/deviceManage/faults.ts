import { TBOX_FAULT_KIND_LABELS, type TboxFaultKind } from "@tsp/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { limitOffset } from "../../../platform/listQuery";
import { type DataOf, defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { sweepFaults } from "./faultSweep";
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

type Fault = DataOf<"listTboxFaults">["list"][number];

interface FaultRow {
  id: number;
  vin: string;
  plate: string | null;
  tbox_sn: string | null;
  kind: TboxFaultKind;
  detail: string;
  started_at: number | string;
  last_seen_at: number | string;
  ended_at: number | string | null;
  state: Fault["handling"]["state"];
  handled_by: string | null;
  handled_at: number | string | null;
  note: string | null;
}

async function page(db: Kysely<Database>, where: RawBuilder<unknown>, limit: number, offset: number) {
  const r = await sql<FaultRow>`select r.*, v.plate, v.tbox_sn from bss_tbox_fault r join vehicle v on v.vin = r.vin
    where ${where} order by r.started_at desc, r.id desc limit ${limit} offset ${offset}`.execute(db);
  return r.rows.map(
    (x): Fault => ({
      id: x.id,
      vin: x.vin,
      plate: x.plate,
      tboxSn: x.tbox_sn,
      kind: x.kind,
      detail: x.detail,
      startedAt: Number(x.started_at),
      lastSeenAt: Number(x.last_seen_at),
      endedAt: x.ended_at === null ? null : Number(x.ended_at),
      handling: handlingOf(x),
    }),
  );
}

/** listTboxFaults: the sweep at the server's clock, then a numbered page. */
export const listTboxFaults = defineHandler<"listTboxFaults">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  checkHealthRange(filter);
  await sweepFaults(ctx.db, ctx.now().getTime());
  const where = healthWhere(must(principal).tenantIds, filter);
  const { limit, offset } = limitOffset({ pageNum, pageSize });
  const [list, total] = await Promise.all([
    page(ctx.db, where, limit, offset),
    countWhere(ctx.db, "bss_tbox_fault", where),
  ]);
  return { list, total };
});

export const handleTboxFault = defineHandler<"handleTboxFault">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  await stepHandling(ctx, p, "bss_tbox_fault", body);
  const [row] = await page(ctx.db, sql`r.id = ${body.id}`, 1, 0);
  return ok(row as Fault, "已保存");
});

const BATCH = 1000;

export const tboxFaultExporter: ExportSheet = {
  title: "T-Box故障记录",
  columns: [
    { header: "VIN", key: "vin", width: 20 },
    { header: "车牌号", key: "plate", width: 12 },
    { header: "终端序列号", key: "tboxSn", width: 20 },
    { header: "故障类型", key: "kind", width: 16 },
    { header: "说明", key: "detail", width: 30 },
    { header: "开始时间", key: "startedAt", width: 20 },
    { header: "最近发现", key: "lastSeenAt", width: 20 },
    { header: "结束时间", key: "endedAt", width: 20 },
    ...HANDLING_COLUMNS,
  ],
  total: (job, ctx) => countWhere(ctx.db, "bss_tbox_fault", healthWhere(job.tenantIds, job.params as HealthFilter)),
  async *rows(job, ctx) {
    const where = healthWhere(job.tenantIds, job.params as HealthFilter);
    for (let offset = 0; ; offset += BATCH) {
      const rows = await page(ctx.db, where, BATCH, offset);
      yield rows.map((r) => ({
        vin: r.vin,
        plate: r.plate ?? "",
        tboxSn: r.tboxSn ?? "",
        kind: TBOX_FAULT_KIND_LABELS[r.kind],
        detail: r.detail,
        startedAt: timeCell(r.startedAt),
        lastSeenAt: timeCell(r.lastSeenAt),
        endedAt: timeCell(r.endedAt, "持续中"),
        ...handlingCells(r.handling),
      }));
      if (rows.length < BATCH) return;
    }
  },
};

export const exportTboxFaults = defineHandler<"exportTboxFaults">(async ({ query, principal }, ctx) => {
  checkHealthRange(query);
  return ok(await ctx.exports.submit(must(principal), "exportTboxFaults", { ...query }), EXPORT_SUBMITTED_MSG);
});
