import { ok } from "../../../http/envelope";
import type { ExportColumn, Exporter } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import type { Handler } from "../../types";
import { must } from "../actor";
import type { NerGroup } from "../tables";
import { changeLogQuery, toEntry } from "./changeLogs";
import type { NerFilter } from "./filter";
import { GROUP_LIST, GROUPS, type GroupDef } from "./groups";
import { groupRows } from "./queries";

/** Rows per keyset batch of an export (flat memory whatever the fleet's size). */
const BATCH = 500;

const CHINA_OFFSET_MS = 8 * 3600 * 1000;
/** yyyy-MM-dd HH:mm:ss in China time, as the console shows update times. */
const chinaDateTime = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");

/** A field value as a cell: lists joined with commas (the import reads them back the same way). */
const cell = (value: unknown) =>
  Array.isArray(value) ? value.join(",") : value === null || value === undefined ? "" : (value as string | number);

const fieldColumns = (g: GroupDef, prefix: string): ExportColumn[] =>
  g.fields.map((f) => ({ header: `${prefix}${f.label}`, key: `${g.group}.${f.field}`, width: 18 }));

const TRAILER: ExportColumn[] = [
  { header: "修改人", key: "updateName", width: 14 },
  { header: "修改时间", key: "updateTime", width: 22 },
];

/** The export of one group: VIN, the group's columns (as its import template), who changed it last. */
function groupExporter(g: GroupDef): Exporter {
  return {
    title: g.title,
    columns: [{ header: "VIN", key: "vin", width: 22 }, ...fieldColumns(g, ""), ...TRAILER],
    // Known up front, so the export file list shows progress.
    total: async (job, ctx) =>
      (await groupRows(ctx.db, job.tenantIds, g.group, job.params as NerFilter, { limit: 0, offset: 0 })).count(),
    async *rows(job, ctx) {
      let afterVin: string | null = null;
      for (;;) {
        const { rows } = await groupRows(ctx.db, job.tenantIds, g.group, job.params as NerFilter, {
          afterVin,
          limit: BATCH,
        });
        if (rows.length === 0) return;
        yield rows.map((r) => {
          const out: Record<string, unknown> = {
            vin: r.vin,
            updateName: r.updateName,
            updateTime: chinaDateTime(r.updateTime),
          };
          for (const f of g.fields) out[`${g.group}.${f.field}`] = cell(r[f.field]);
          return out;
        });
        afterVin = rows.at(-1)?.vin ?? null;
        if (rows.length < BATCH) return;
      }
    },
  };
}

/**
 * exportNerAll: every group of the matching vehicles. The platform's exporter writes one
 * sheet, so the groups sit side by side in one row per vehicle, headers prefixed by the
 * group's title (openapi asks for a sheet per group; see the final report).
 */
const allExporter: Exporter = {
  title: "新能源车辆备案信息",
  columns: [{ header: "VIN", key: "vin", width: 22 }, ...GROUP_LIST.flatMap((g) => fieldColumns(g, `${g.title}-`))],
  async *rows(job, ctx) {
    // Walk the vehicle-info group by VIN; fetch the other groups of the same VINs.
    const filter = job.params as NerFilter;
    let afterVin: string | null = null;
    for (;;) {
      const base: { vin: string }[] = await ctx.db
        .selectFrom("vehicle")
        .select("vin")
        .where("tenant_id", "in", job.tenantIds.length > 0 ? [...job.tenantIds] : [-1])
        .where("vin", ">", afterVin ?? "")
        .orderBy("vin")
        .limit(BATCH)
        .execute();
      if (base.length === 0) return;
      const last: string | null = base.at(-1)?.vin ?? null;
      const byVin = new Map<string, Record<string, unknown>>();
      for (const g of GROUP_LIST) {
        const { rows } = await groupRows(ctx.db, job.tenantIds, g.group, filter, {
          afterVin,
          limit: BATCH,
        });
        for (const r of rows) {
          if (last !== null && r.vin > last) continue;
          const out = byVin.get(r.vin) ?? { vin: r.vin };
          for (const f of g.fields) out[`${g.group}.${f.field}`] = cell(r[f.field]);
          byVin.set(r.vin, out);
        }
      }
      const batch = base.map((b) => byVin.get(b.vin)).filter((r): r is Record<string, unknown> => r !== undefined);
      if (batch.length > 0) yield batch;
      afterVin = last;
      if (base.length < BATCH) return;
    }
  },
};

/** The change log export of one group of one vehicle (query vin and updateName). */
function logExporter(g: GroupDef): Exporter {
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
      // ids are PostgreSQL integers (serial).
      let beforeId = 2147483647;
      for (;;) {
        const rows = await changeLogQuery(ctx.db, job.tenantIds, {
          vin: p.vin,
          group: g.group,
          updateName: p.updateName,
        })
          .select(["id", "vin", "grp", "changes", "update_by", "update_name", "update_time"])
          .where("id", "<", beforeId)
          .orderBy("id", "desc")
          .limit(BATCH)
          .execute();
        if (rows.length === 0) return;
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
        beforeId = Number(rows.at(-1)?.id ?? 0);
        if (rows.length < BATCH) return;
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
