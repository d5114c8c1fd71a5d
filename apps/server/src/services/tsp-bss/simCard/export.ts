import { chinaDateTime, SIM_CARRIER_LABELS, SIM_REALNAME_LABELS, SIM_STATUS_LABELS } from "@tsp/domain";
import { ok } from "../../../http/envelope";
import type { ExportColumn, ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, keysetBatches } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { SIM_CARD_COLUMNS } from "./columns";
import { filteredSimCards, type SimCardFilter, type SimCardRecord, selectRecord, toRecord } from "./queries";

/** Rows per keyset batch (flat memory whatever the register's size). */
const BATCH = 500;

/** yyyy-MM-dd HH:mm:ss in China time, as the console shows change times. */

/** After the template's columns: what the register knows but an import does not set. */
const TRAILER: ExportColumn[] = [
  { header: "绑定VIN", key: "vin", width: 22 },
  { header: "车牌号", key: "plateNo", width: 12 },
  { header: "实名状态", key: "realnameStatus", width: 10 },
  { header: "本月已用流量(MB)", key: "monthUsageMb", width: 16 },
  { header: "修改人", key: "updateName", width: 14 },
  { header: "修改时间", key: "updatedAt", width: 22 },
];

/** A card as one row of the sheet: carrier and status by their Chinese names (the import reads them back). */
function rowOf(r: SimCardRecord): Record<string, unknown> {
  return {
    iccid: r.iccid,
    msisdn: r.msisdn ?? "",
    carrier: SIM_CARRIER_LABELS[r.carrier],
    status: SIM_STATUS_LABELS[r.status],
    activationDate: r.activationDate ?? "",
    expiryDate: r.expiryDate ?? "",
    dataPlanMb: r.dataPlanMb ?? "",
    remark: r.remark ?? "",
    vin: r.vin ?? "",
    plateNo: r.plateNo ?? "",
    realnameStatus: SIM_REALNAME_LABELS[r.realnameStatus],
    monthUsageMb: r.monthUsageMb,
    updateName: r.updateName ?? "",
    updatedAt: r.updatedAt > 0 ? chinaDateTime(r.updatedAt) : "",
  };
}

/**
 * The SIM card export: the template's columns (so the file is a filled template the import
 * takes back), then the bound vehicle, real-name state, traffic and last change; every card
 * matching the list's filters, walked by ICCID.
 */
export const simCardExporter: ExportSheet = {
  title: "SIM卡数据",
  columns: [...SIM_CARD_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width })), ...TRAILER],
  // Known up front, so the export file list shows progress.
  total: (job, ctx) => countOf(filteredSimCards(ctx.db, job.tenantIds, job.params as SimCardFilter)),
  async *rows(job, ctx) {
    const batches = keysetBatches(
      filteredSimCards(ctx.db, job.tenantIds, job.params as SimCardFilter),
      { column: "sc.iccid", batch: BATCH, keyOf: (r: { iccid: string }) => r.iccid },
      selectRecord,
    );
    for await (const rows of batches) yield rows.map((r) => rowOf(toRecord(r)));
  },
};

/** exportSimCards: queues the export of the list's filters (the export file list shows it). */
export const exportSimCards = defineHandler<"exportSimCards">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  filteredSimCards(ctx.db, p.tenantIds, query); // a reversed range answers 400 before a task is queued
  const task = await ctx.exports.submit(p, "exportSimCards", { ...query });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
