import {
  checkDealerEdit,
  DEALER_FIELD_LABELS,
  DEALER_KIND_LABELS,
  type DealerEdit,
  type DealerField,
  MSG_DEALER_DUPLICATE_IN_FILE,
  MSG_DEALER_EXISTS,
  OUTLET_STATUS_LABELS,
  outletProblemText,
} from "@tsp/domain";
import { ok } from "../../../http/envelope";
import type { ExportColumn, ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, keysetBatches } from "../../../platform/listQuery";
import { seesTenant } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { IMPORT_DONE_MSG, type RowFailure, savingAll } from "../ner/imports";
import { readSheet } from "../ner/sheet";
import { sendXlsx } from "../ner/template";
import { importUpload } from "../ner/upload";
import { brandNames, chinaDateTime, editOfRow, type OutletColumn, outletTemplate, rowOfRecord } from "./outlet";
import { type DealerFilter, filteredDealers, selectDealer, toDealer } from "./queries";
import { dealerRegisterProblems, dealerValues, type ParentFact } from "./rules";

export const DEALER_SHEET_TITLE = "经销商信息";

const list = (labels: Readonly<Record<string, string>>) => Object.values(labels).join("、");

/** One column of the sheet: the field, its label as header, how it is read and the template's hint. */
const col = (
  key: DealerField,
  kind: OutletColumn<DealerField>["kind"],
  required: boolean,
  hint: string,
  width = 16,
) => ({
  key,
  header: DEALER_FIELD_LABELS[key],
  kind,
  required,
  hint,
  width,
});

/**
 * The columns of the dealer sheet, in the domain's field order with its labels: the import's
 * header row, the template's and the first columns of the export (an export is a filled
 * template). Brands are written by name; `brands` is the brand tree's id → name.
 */
export function dealerSheetColumns(brands: ReadonlyMap<number, string>): OutletColumn<DealerField>[] {
  return [
    col("dealerCode", "text", true, "2至20位字母、数字或连字符，各单位之间不能重复"),
    col("dealerName", "text", true, "最多60个字符", 30),
    { ...col("kind", "choice", true, `取值：${list(DEALER_KIND_LABELS)}`), labels: DEALER_KIND_LABELS },
    col(
      "parentCode",
      "nullableText",
      false,
      "二级经销商必填，为本单位一级销售经销商的编码（可为同一文件中前面的行）；一级销售经销商不填",
    ),
    col("areaId", "text", true, "GB/T 2260 区县代码（6位数字），如南山区 440305"),
    col("address", "text", true, "最多100个字符", 30),
    col("lng", "number", false, "经度，73.4至135.1；与纬度同时填写或同时不填"),
    col("lat", "number", false, "纬度，3.8至53.6"),
    col("contactName", "text", true, "最多20个字符"),
    col("contactPhone", "text", true, "11位手机号或带区号的固定电话，如0755-86123456"),
    {
      ...col("brandIds", "names", true, `品牌名称，多个用“、”分隔；可选：${[...brands.values()].join("、")}`, 20),
      labels: new Map([...brands].map(([id, name]) => [String(id), name])),
    },
    { ...col("status", "choice", true, `取值：${list(OUTLET_STATUS_LABELS)}`), labels: OUTLET_STATUS_LABELS },
  ];
}

/** The template's example row: a secondary dealer under a selling dealer of the seed (an import refuses it unchanged: its code is the example's). */
export const EXAMPLE_DEALER: DealerEdit = {
  dealerCode: "EXAMPLE-D01",
  dealerName: "深圳市南山区示例二级经销商",
  kind: "secondary",
  parentCode: "D440305T1S0",
  areaId: "440305",
  address: "南山区科技园科发路8号",
  lng: 113.9512,
  lat: 22.5386,
  contactName: "陈志强",
  contactPhone: "0755-86123456",
  brandIds: [11],
  status: "open",
};
export const MSG_EXAMPLE_ROW = "这是模板的示例行，请替换为实际数据后导入";
export const MSG_DEALER_OTHER_TENANT = "经销商编码已被其他单位登记";

/** The dealer import template. */
export async function dealerTemplate(brands: ReadonlyMap<number, string>): Promise<Buffer> {
  return outletTemplate(
    DEALER_SHEET_TITLE,
    dealerSheetColumns(brands),
    EXAMPLE_DEALER,
    "第1个工作表的第2行为示例，导入前请替换为实际数据；列名请勿修改。已存在的经销商编码默认不导入，勾选“覆盖已有数据”时更新本单位的该经销商。",
  );
}

/** downloadDealerTemplate: the import dialog's first step. */
export const downloadDealerTemplate = defineHandler<"downloadDealerTemplate">(async ({ reply }, ctx) =>
  sendXlsx(reply, "经销商信息导入模板.xlsx", await dealerTemplate(await brandNames(ctx.db))),
);

/**
 * importDealers: every row checked like a create (the domain's rules, then the register's —
 * a secondary dealer may name a selling dealer accepted earlier in the file), a code once per
 * file, an existing code only with allowCover and only the tenant's own; the accepted rows are
 * saved in ONE transaction (selling dealers first, so their children find them), or none.
 */
export const importDealers = defineHandler<"importDealers">(async ({ request, query, principal }, ctx) => {
  const p = must(principal);
  const allowCover = query.allowCover === true;
  const brands = await brandNames(ctx.db);
  const columns = dealerSheetColumns(brands);
  const { buffer } = await importUpload(request);
  const rows = await readSheet(
    buffer,
    columns.map((c) => c.header),
    ["xlsx"],
  );
  const codes = rows.map((r) => String(r.cells.get(DEALER_FIELD_LABELS.dealerCode) ?? "").trim()).filter(Boolean);
  const existing = new Map(
    codes.length === 0
      ? []
      : (await ctx.db.selectFrom("bss_dealer").select(["code", "tenant_id"]).where("code", "in", codes).execute()).map(
          (r) => [r.code, r.tenant_id],
        ),
  );
  const failures: RowFailure[] = [];
  const accepted: { edit: DealerEdit; cover: boolean }[] = [];
  const fileParents = new Map<string, ParentFact>();
  const seen = new Set<string>();
  for (const r of rows) {
    const key = String(r.cells.get(DEALER_FIELD_LABELS.dealerCode) ?? "").trim();
    const fail = (reason: string) => failures.push({ row: r.row, vin: "", key, reason });
    const checked = checkDealerEdit(editOfRow(r, columns));
    if (!checked.ok) {
      fail(outletProblemText(checked.error));
      continue;
    }
    const edit = checked.value;
    if (edit.dealerCode === EXAMPLE_DEALER.dealerCode) {
      fail(MSG_EXAMPLE_ROW);
      continue;
    }
    if (seen.has(edit.dealerCode)) {
      fail(MSG_DEALER_DUPLICATE_IN_FILE);
      continue;
    }
    const owner = existing.get(edit.dealerCode);
    if (owner !== undefined && !seesTenant(p, owner)) {
      fail(MSG_DEALER_OTHER_TENANT);
      continue;
    }
    if (owner !== undefined && !allowCover) {
      fail(MSG_DEALER_EXISTS);
      continue;
    }
    const problems = await dealerRegisterProblems(ctx.db, p, edit, { brands, fileParents });
    if (problems.length > 0) {
      fail(outletProblemText(problems));
      continue;
    }
    seen.add(edit.dealerCode);
    if (edit.kind === "sale") fileParents.set(edit.dealerCode, { kind: "sale", status: edit.status });
    accepted.push({ edit, cover: owner !== undefined });
  }
  if (accepted.length > 0) {
    const actor = await actorOf(p, ctx);
    const nowMs = ctx.now().getTime();
    const stamp = { update_by: actor.updateBy, update_name: actor.updateName };
    // Selling dealers first: a secondary dealer's parent may be a row of this file.
    const ordered = accepted.toSorted(
      (a, b) => Number(a.edit.kind === "secondary") - Number(b.edit.kind === "secondary"),
    );
    await savingAll(() =>
      ctx.db.transaction().execute(async (trx) => {
        for (const { edit, cover } of ordered) {
          if (cover)
            await trx
              .updateTable("bss_dealer")
              .set((eb) => ({
                ...dealerValues(edit),
                ...stamp,
                updated_at: eb.fn("greatest", [eb.val(nowMs), eb("updated_at", "+", 1)]),
              }))
              .where("code", "=", edit.dealerCode)
              .execute();
          else
            await trx
              .insertInto("bss_dealer")
              .values({
                code: edit.dealerCode,
                tenant_id: p.tenantId,
                ...dealerValues(edit),
                ...stamp,
                updated_at: nowMs,
              })
              .execute();
        }
      }),
    );
  }
  return ok({ all: rows.length, success: accepted.length, failed: failures.length, rows: failures }, IMPORT_DONE_MSG);
});

/** After the template's columns: what the register knows but an import does not set. */
const TRAILER: ExportColumn[] = [
  { header: "上级经销商名称", key: "parentName", width: 30 },
  { header: "所在区域", key: "areaName", width: 26 },
  { header: "二级经销商数", key: "secondaryCount", width: 12 },
  { header: "修改人", key: "updateName", width: 14 },
  { header: "修改时间", key: "updatedAtText", width: 22 },
];

/** The dealer export: the template's columns, then parent name, region name and the last change; by code. */
export const dealerExporter: ExportSheet = {
  title: DEALER_SHEET_TITLE,
  // Headers and widths do not depend on the brand names (only the hints and the cells do).
  columns: [
    ...dealerSheetColumns(new Map()).map((c) => ({ header: c.header, key: c.key, width: c.width })),
    ...TRAILER,
  ],
  total: (job, ctx) => countOf(filteredDealers(ctx.db, job.tenantIds, job.params as DealerFilter)),
  async *rows(job, ctx) {
    const brands = await brandNames(ctx.db);
    const columns = dealerSheetColumns(brands);
    const batches = keysetBatches(
      filteredDealers(ctx.db, job.tenantIds, job.params as DealerFilter),
      { column: "d.code", batch: 500, keyOf: (r: { code: string }) => r.code },
      selectDealer,
    );
    for await (const rows of batches)
      yield rows.map((row) => {
        const r = toDealer(row, brands);
        return {
          ...rowOfRecord(r, columns),
          parentName: r.parentName ?? "",
          areaName: r.areaName,
          secondaryCount: r.secondaryCount,
          updateName: r.updateName ?? "",
          updatedAtText: chinaDateTime(r.updatedAt),
        };
      });
  },
};

/** exportDealers: queues the export of the list's filters (the export file list shows it). */
export const exportDealers = defineHandler<"exportDealers">(async ({ query, principal }, ctx) => {
  const task = await ctx.exports.submit(must(principal), "exportDealers", { ...query });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
