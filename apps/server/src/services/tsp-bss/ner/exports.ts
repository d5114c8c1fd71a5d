import { CHINA_UTC_OFFSET_MS as CHINA_OFFSET_MS } from "@tsp/domain";
import { ok } from "../../../http/envelope";
import type { ExportColumn, Exporter, ExportSheet, MultiSheetExporter } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, keysetBatches } from "../../../platform/listQuery";
import type { Handler } from "../../types";
import { must } from "../actor";
import type { NerGroup } from "../tables";
import { changeLogColumns, changeLogQuery, toEntry } from "./changeLogs";
import { type NerFilter, nerFilterOf } from "./filter";
import { GROUP_LIST, GROUPS, type GroupDef } from "./groups";
import { baseInfoColumns, baseInfoQuery, groupColumns, groupQuery, toBaseInfo, toGroupRow } from "./queries";
import type { GroupRecord } from "./records";
import { templateColumns } from "./template";

/** Rows per keyset batch of an export (flat memory whatever the fleet's size). */
const BATCH = 500;

/** yyyy-MM-dd HH:mm:ss in China time, as the console shows update times. */
const chinaDateTime = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");

/** A field value as a cell: lists joined with commas (the import reads them back the same way). */
const cell = (value: unknown) =>
  Array.isArray(value) ? value.join(",") : value === null || value === undefined ? "" : (value as string | number);

const TRAILER: ExportColumn[] = [
  { header: "修改人", key: "updateName", width: 14 },
  { header: "修改时间", key: "updateTime", width: 22 },
];

/** The export of one group: VIN, the group's columns (its import template's), who changed it last. */
function groupExporter(g: GroupDef): ExportSheet {
  return {
    title: g.title,
    columns: [
      ...templateColumns(g).map((c) => ({ header: c.header, key: c.key, width: c.key === "vin" ? 22 : 18 })),
      ...TRAILER,
    ],
    // Known up front, so the export file list shows progress.
    total: (job, ctx) => countOf(groupQuery(ctx.db, job, g.group, nerFilterOf(job.params as NerFilter))),
    async *rows(job, ctx) {
      const q = groupQuery(ctx.db, job, g.group, nerFilterOf(job.params as NerFilter));
      const toRow = toGroupRow(g.group);
      for await (const batch of keysetBatches(
        q,
        { column: "v.vin", batch: BATCH, keyOf: (r) => r.vin },
        groupColumns,
      )) {
        yield batch.map((row) => {
          const r = toRow(row) as GroupRecord & Record<string, unknown>;
          const out: Record<string, unknown> = {
            vin: r.vin,
            updateName: r.updateName,
            updateTime: chinaDateTime(r.updateTime),
          };
          for (const f of g.fields) out[f.field] = cell(r[f.field]);
          return out;
        });
      }
    },
  };
}

const filledText = (filled: boolean) => (filled ? "已填写" : "未填写");

/**
 * The base-info sheet of exportNerAll: one row per matching vehicle (openapi NerBaseInfo) —
 * its place in the brand tree, announcement model, T-BOX and SIM card, which groups are
 * filled, and who changed any of them last.
 */
const baseInfoSheet: ExportSheet = {
  title: "基础信息",
  columns: [
    { header: "VIN", key: "vin", width: 22 },
    { header: "车牌号", key: "plateNo", width: 14 },
    { header: "车企", key: "oemName", width: 20 },
    { header: "品牌", key: "brandName", width: 14 },
    { header: "车系", key: "seriesName", width: 14 },
    { header: "车型", key: "modelName", width: 18 },
    { header: "公告型号", key: "vehicleModel", width: 18 },
    { header: "终端序列号", key: "tboxSn", width: 20 },
    { header: "ICCID", key: "iccid", width: 22 },
    { header: "MSISDN", key: "msisdn", width: 16 },
    ...GROUP_LIST.map((g) => ({ header: g.title, key: `filled.${g.group}`, width: 14 })),
    { header: "最后修改人", key: "updateName", width: 14 },
    { header: "最后修改时间", key: "updateTime", width: 22 },
  ],
  total: (job, ctx) => countOf(baseInfoQuery(ctx.db, job, nerFilterOf(job.params as NerFilter))),
  async *rows(job, ctx) {
    const q = baseInfoQuery(ctx.db, job, nerFilterOf(job.params as NerFilter));
    for await (const batch of keysetBatches(
      q,
      { column: "v.vin", batch: BATCH, keyOf: (r) => r.vin },
      baseInfoColumns,
    )) {
      yield (await toBaseInfo(ctx.db, batch)).map((r) => {
        const out: Record<string, unknown> = {
          vin: r.vin,
          plateNo: cell(r.plateNo),
          oemName: r.oemName,
          brandName: r.brandName,
          seriesName: r.seriesName,
          modelName: r.modelName,
          vehicleModel: cell(r.vehicleModel),
          tboxSn: cell(r.tboxSn),
          iccid: cell(r.iccid),
          msisdn: cell(r.msisdn),
          updateName: cell(r.updateName),
          updateTime: r.updateTime === null ? "" : chinaDateTime(r.updateTime),
        };
        for (const g of GROUP_LIST) out[`filled.${g.group}`] = filledText(r.filled[g.group]);
        return out;
      });
    }
  },
};

/**
 * exportNerAll: one worksheet per group of the matching vehicles (openapi "one sheet per
 * group"): 基础信息 (every matching vehicle), then 车辆信息, 动力电池信息, 驱动电机信息 and
 * 终端信息 — each exactly the group's own export, so a sheet saved as a file of its own is that
 * group's import template filled in. The task's row count is the rows of every sheet.
 */
const allExporter: MultiSheetExporter = {
  title: "新能源车辆备案信息",
  sheets: [baseInfoSheet, ...GROUP_LIST.map(groupExporter)],
};

/** The change log export of one group of one vehicle (query vin and updateName). */
function logExporter(g: GroupDef): ExportSheet {
  return {
    title: `${g.title}修改记录`,
    columns: [
      { header: "VIN", key: "vin", width: 22 },
      { header: "修改时间", key: "time", width: 22 },
      { header: "修改人", key: "updateName", width: 14 },
      { header: "账号", key: "updateBy", width: 14 },
      { header: "字段", key: "label", width: 20 },
      { header: "修改前", key: "before", width: 30 },
      { header: "修改后", key: "after", width: 30 },
    ],
    async *rows(job, ctx) {
      const p = job.params as { vin: string; updateName?: string };
      const q = changeLogQuery(ctx.db, job, { vin: p.vin, group: g.group, updateName: p.updateName });
      const walk = { column: "id", desc: true, batch: BATCH, keyOf: (r: { id: number }) => r.id } as const;
      for await (const rows of keysetBatches(q, walk, changeLogColumns)) {
        yield rows.flatMap((row) => {
          const e = toEntry(row);
          return (e.changes as { label: string; before: unknown; after: unknown }[]).map((c) => ({
            vin: e.vin,
            time: chinaDateTime(e.updateTime),
            updateName: e.updateName,
            updateBy: e.updateBy,
            label: c.label,
            before: cell(c.before),
            after: cell(c.after),
          }));
        });
      }
    },
  };
}

/** Exporters by the operationId of their export call. */
export const nerExporters: Record<string, Exporter> = {
  exportNerAll: allExporter,
  exportNerVehicleInfo: groupExporter(GROUPS.vehicleInfo),
  exportNerBatteryInfo: groupExporter(GROUPS.batteryInfo),
  exportNerDriveInfo: groupExporter(GROUPS.driveInfo),
  exportNerTerminalInfo: groupExporter(GROUPS.terminalInfo),
  exportNerVehicleInfoLog: logExporter(GROUPS.vehicleInfo),
  exportNerBatteryInfoLog: logExporter(GROUPS.batteryInfo),
  exportNerDriveInfoLog: logExporter(GROUPS.driveInfo),
  exportNerTerminalInfoLog: logExporter(GROUPS.terminalInfo),
};

/** An export call with a JSON filter body: queue the task (business-areas.md §7 exports). */
const submitFilter =
  (operationId: string): Handler =>
  async ({ body, principal }, ctx) => {
    const task = await ctx.exports.submit(must(principal), operationId, { ...(body as object) });
    return ok(task, EXPORT_SUBMITTED_MSG);
  };

/** A change-log export with query vin and updateName. */
const submitLog =
  (operationId: string, group: NerGroup): Handler =>
  async ({ query, principal }, ctx) => {
    const params: Record<string, unknown> = { vin: String(query.vin) };
    if (typeof query.updateName === "string") params.updateName = query.updateName;
    const name = `${GROUPS[group].title}修改记录_${String(query.vin)}.xlsx`;
    const task = await ctx.exports.submit(must(principal), operationId, params, name);
    return ok(task, EXPORT_SUBMITTED_MSG);
  };

export const exportHandlers: Record<string, Handler> = {
  exportNerAll: submitFilter("exportNerAll"),
  exportNerVehicleInfo: submitFilter("exportNerVehicleInfo"),
  exportNerBatteryInfo: submitFilter("exportNerBatteryInfo"),
  exportNerDriveInfo: submitFilter("exportNerDriveInfo"),
  exportNerTerminalInfo: submitFilter("exportNerTerminalInfo"),
  exportNerVehicleInfoLog: submitLog("exportNerVehicleInfoLog", "vehicleInfo"),
  exportNerBatteryInfoLog: submitLog("exportNerBatteryInfoLog", "batteryInfo"),
  exportNerDriveInfoLog: submitLog("exportNerDriveInfoLog", "driveInfo"),
  exportNerTerminalInfoLog: submitLog("exportNerTerminalInfoLog", "terminalInfo"),
};
