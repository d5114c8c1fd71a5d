import { TBOX_PROTOCOL_LABELS, TBOX_STATE_LABELS } from "@tsp/domain";
import { ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, keysetBatches } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { TBOX_COLUMNS } from "./columns";
import { filteredTboxes, selectRecord, type TboxFilter, type TboxRecord, toRecord } from "./queries";
import { chinaDateTime, exportColumnsOf } from "./sheet";

/** A terminal as one row of the sheet: model and provider by code (the import reads codes or names back). */
function rowOf(r: TboxRecord): Record<string, unknown> {
  return {
    sn: r.sn,
    model: r.model,
    provider: r.provider,
    protocol: TBOX_PROTOCOL_LABELS[r.protocol],
    hardwareVersion: r.hardwareVersion ?? "",
    firmwareVersion: r.firmwareVersion ?? "",
    imei: r.imei ?? "",
    iccid: r.iccid ?? "",
    terminalId: r.terminalId ?? "",
    authCode: r.authCode ?? "",
    state: TBOX_STATE_LABELS[r.state],
    productionDate: r.productionDate ?? "",
    remark: r.remark ?? "",
    modelName: r.modelName,
    providerName: r.providerName,
    vin: r.vin ?? "",
    plateNo: r.plateNo ?? "",
    updateName: r.updateName ?? "",
    updatedAt: chinaDateTime(r.updatedAt),
  };
}

/** The T-BOX export: the template's columns (a filled template), then names, the bound vehicle and the last change. */
export const tboxExporter: ExportSheet = {
  title: "TBOX数据",
  columns: exportColumnsOf(TBOX_COLUMNS, [
    { header: "型号名称", key: "modelName", width: 22 },
    { header: "供应商名称", key: "providerName", width: 24 },
    { header: "绑定VIN", key: "vin", width: 22 },
    { header: "车牌号", key: "plateNo", width: 12 },
    { header: "修改人", key: "updateName", width: 14 },
    { header: "修改时间", key: "updatedAt", width: 22 },
  ]),
  total: (job, ctx) => countOf(filteredTboxes(ctx.db, job.tenantIds, job.params as TboxFilter)),
  async *rows(job, ctx) {
    const batches = keysetBatches(
      filteredTboxes(ctx.db, job.tenantIds, job.params as TboxFilter),
      { column: "t.sn", batch: 500, keyOf: (r: { sn: string }) => r.sn },
      selectRecord,
    );
    for await (const rows of batches) yield rows.map((r) => rowOf(toRecord(r)));
  },
};

/** exportTboxes: queues the export of the list's filters. */
export const exportTboxes = defineHandler<"exportTboxes">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const task = await ctx.exports.submit(p, "exportTboxes", { ...query });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
