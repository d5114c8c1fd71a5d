import {
  checkServiceStationEdit,
  MSG_STATION_DUPLICATE_IN_FILE,
  MSG_STATION_EXISTS,
  OUTLET_STATUS_LABELS,
  outletProblemText,
  type ServiceStationEdit,
  type ServiceStationField,
  STATION_FIELD_LABELS,
  STATION_LEVEL_LABELS,
  STATION_SERVICE_LABELS,
} from "@tsp/domain";
import { ok } from "../../../http/envelope";
import type { ExportColumn, ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, keysetBatches } from "../../../platform/listQuery";
import { seesTenant } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { brandNames, chinaDateTime, editOfRow, type OutletColumn, outletTemplate, rowOfRecord } from "../dealer/outlet";
import { MSG_EXAMPLE_ROW } from "../dealer/sheet";
import { IMPORT_DONE_MSG, type RowFailure, savingAll } from "../ner/imports";
import { readSheet } from "../ner/sheet";
import { sendXlsx } from "../ner/template";
import { importUpload } from "../ner/upload";
import { stationRegisterProblems } from "./handlers";
import { filteredStations, type ServiceStationFilter, selectStation, stationValues, toStation } from "./queries";

export const STATION_SHEET_TITLE = "服务站信息";
export const MSG_STATION_OTHER_TENANT = "服务站编码已被其他单位登记";

const list = (labels: Readonly<Record<string, string>>) => Object.values(labels).join("、");

/** One column of the sheet: the field, its label as header, how it is read and the template's hint. */
const col = (
  key: ServiceStationField,
  kind: OutletColumn<ServiceStationField>["kind"],
  required: boolean,
  hint: string,
  width = 16,
) => ({
  key,
  header: STATION_FIELD_LABELS[key],
  kind,
  required,
  hint,
  width,
});

/** The columns of the station sheet, in the domain's field order with its labels (import, template, export). */
export function stationSheetColumns(brands: ReadonlyMap<number, string>): OutletColumn<ServiceStationField>[] {
  return [
    col("stationCode", "text", true, "2至20位字母、数字或连字符，各单位之间不能重复"),
    col("stationName", "text", true, "最多60个字符", 30),
    col("areaId", "text", true, "GB/T 2260 区县代码（6位数字），如南山区 440305"),
    col("address", "text", true, "最多100个字符", 30),
    col("lng", "number", false, "经度，73.4至135.1；与纬度同时填写或同时不填"),
    col("lat", "number", false, "纬度，3.8至53.6"),
    col("contactName", "text", true, "最多20个字符"),
    col("servicePhone", "text", true, "11位手机号或带区号的固定电话，如0755-26781234"),
    {
      ...col(
        "serviceTypes",
        "names",
        true,
        `多个用“、”分隔；可选：${list(STATION_SERVICE_LABELS)}；三电检修须为一类或二类维修企业`,
        24,
      ),
      labels: STATION_SERVICE_LABELS,
    },
    {
      ...col("brandIds", "names", true, `品牌名称，多个用“、”分隔；可选：${[...brands.values()].join("、")}`, 20),
      labels: new Map([...brands].map(([id, name]) => [String(id), name])),
    },
    { ...col("level", "choice", true, `取值：${list(STATION_LEVEL_LABELS)}`), labels: STATION_LEVEL_LABELS },
    { ...col("status", "choice", true, `取值：${list(OUTLET_STATUS_LABELS)}`), labels: OUTLET_STATUS_LABELS },
  ];
}

/** The template's example row (an import refuses it unchanged: its code is the example's). */
export const EXAMPLE_STATION: ServiceStationEdit = {
  stationCode: "EXAMPLE-S01",
  stationName: "深圳南山示例新能源服务站",
  areaId: "440305",
  address: "南山区西丽街道留仙大道3370号",
  lng: 113.9456,
  lat: 22.5821,
  contactName: "刘海涛",
  servicePhone: "0755-26781234",
  serviceTypes: ["maintenance", "repair", "threeElectric"],
  brandIds: [11],
  level: "class1",
  status: "open",
};

export async function stationTemplate(brands: ReadonlyMap<number, string>): Promise<Buffer> {
  return outletTemplate(
    STATION_SHEET_TITLE,
    stationSheetColumns(brands),
    EXAMPLE_STATION,
    "第1个工作表的第2行为示例，导入前请替换为实际数据；列名请勿修改。已存在的服务站编码默认不导入，勾选“覆盖已有数据”时更新本单位的该服务站。",
  );
}

/** downloadServiceStationTemplate: the import dialog's first step. */
export const downloadServiceStationTemplate = defineHandler<"downloadServiceStationTemplate">(async ({ reply }, ctx) =>
  sendXlsx(reply, "服务站信息导入模板.xlsx", await stationTemplate(await brandNames(ctx.db))),
);

/**
 * importServiceStations: every row checked like a create (domain and register rules), a code
 * once per file, an existing code only with allowCover and only the tenant's own; the accepted
 * rows saved in ONE transaction, or none (409).
 */
export const importServiceStations = defineHandler<"importServiceStations">(
  async ({ request, query, principal }, ctx) => {
    const p = must(principal);
    const allowCover = query.allowCover === true;
    const brands = await brandNames(ctx.db);
    const columns = stationSheetColumns(brands);
    const { buffer } = await importUpload(request);
    const rows = await readSheet(
      buffer,
      columns.map((c) => c.header),
      ["xlsx"],
    );
    const keyOf = (r: (typeof rows)[number]) => String(r.cells.get(STATION_FIELD_LABELS.stationCode) ?? "").trim();
    const codes = rows.map(keyOf).filter(Boolean);
    const existing = new Map(
      codes.length === 0
        ? []
        : (
            await ctx.db
              .selectFrom("bss_service_station")
              .select(["code", "tenant_id"])
              .where("code", "in", codes)
              .execute()
          ).map((r) => [r.code, r.tenant_id]),
    );
    const failures: RowFailure[] = [];
    const accepted: { edit: ServiceStationEdit; cover: boolean }[] = [];
    const seen = new Set<string>();
    for (const r of rows) {
      const key = keyOf(r);
      const fail = (reason: string) => failures.push({ row: r.row, vin: "", key, reason });
      const checked = checkServiceStationEdit(editOfRow(r, columns));
      if (!checked.ok) {
        fail(outletProblemText(checked.error));
        continue;
      }
      const edit = checked.value;
      if (edit.stationCode === EXAMPLE_STATION.stationCode) {
        fail(MSG_EXAMPLE_ROW);
        continue;
      }
      if (seen.has(edit.stationCode)) {
        fail(MSG_STATION_DUPLICATE_IN_FILE);
        continue;
      }
      const owner = existing.get(edit.stationCode);
      if (owner !== undefined && !seesTenant(p, owner)) {
        fail(MSG_STATION_OTHER_TENANT);
        continue;
      }
      if (owner !== undefined && !allowCover) {
        fail(MSG_STATION_EXISTS);
        continue;
      }
      const problems = stationRegisterProblems(edit, brands);
      if (problems.length > 0) {
        fail(outletProblemText(problems));
        continue;
      }
      seen.add(edit.stationCode);
      accepted.push({ edit, cover: owner !== undefined });
    }
    if (accepted.length > 0) {
      const actor = await actorOf(p, ctx);
      const nowMs = ctx.now().getTime();
      const stamp = { update_by: actor.updateBy, update_name: actor.updateName };
      const created = accepted.filter((a) => !a.cover);
      await savingAll(() =>
        ctx.db.transaction().execute(async (trx) => {
          for (let i = 0; i < created.length; i += 500)
            await trx
              .insertInto("bss_service_station")
              .values(
                created.slice(i, i + 500).map(({ edit }) => ({
                  code: edit.stationCode,
                  tenant_id: p.tenantId,
                  ...stationValues(edit),
                  ...stamp,
                  updated_at: nowMs,
                })),
              )
              .execute();
          for (const { edit } of accepted.filter((a) => a.cover))
            await trx
              .updateTable("bss_service_station")
              .set((eb) => ({
                ...stationValues(edit),
                ...stamp,
                updated_at: eb.fn("greatest", [eb.val(nowMs), eb("updated_at", "+", 1)]),
              }))
              .where("code", "=", edit.stationCode)
              .execute();
        }),
      );
    }
    return ok({ all: rows.length, success: accepted.length, failed: failures.length, rows: failures }, IMPORT_DONE_MSG);
  },
);

const TRAILER: ExportColumn[] = [
  { header: "所在区域", key: "areaName", width: 26 },
  { header: "修改人", key: "updateName", width: 14 },
  { header: "修改时间", key: "updatedAtText", width: 22 },
];

/** The station export: the template's columns, then the region's name and the last change; by code. */
export const stationExporter: ExportSheet = {
  title: STATION_SHEET_TITLE,
  columns: [
    ...stationSheetColumns(new Map()).map((c) => ({ header: c.header, key: c.key, width: c.width })),
    ...TRAILER,
  ],
  total: (job, ctx) => countOf(filteredStations(ctx.db, job.tenantIds, job.params as ServiceStationFilter)),
  async *rows(job, ctx) {
    const brands = await brandNames(ctx.db);
    const columns = stationSheetColumns(brands);
    const batches = keysetBatches(
      filteredStations(ctx.db, job.tenantIds, job.params as ServiceStationFilter),
      { column: "s.code", batch: 500, keyOf: (r: { code: string }) => r.code },
      selectStation,
    );
    for await (const rows of batches)
      yield rows.map((row) => {
        const r = toStation(row, brands);
        return {
          ...rowOfRecord(r, columns),
          areaName: r.areaName,
          updateName: r.updateName ?? "",
          updatedAtText: chinaDateTime(r.updatedAt),
        };
      });
  },
};

/** exportServiceStations: queues the export of the list's filters. */
export const exportServiceStations = defineHandler<"exportServiceStations">(async ({ query, principal }, ctx) => {
  const task = await ctx.exports.submit(must(principal), "exportServiceStations", { ...query });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
