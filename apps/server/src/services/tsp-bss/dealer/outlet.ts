import {
  chinaDateTime as chinaTime,
  MSG_OUTLET_AREA_NOT_DISTRICT,
  msgOutletBrandUnknown,
  type OutletProblem,
} from "@tsp/domain";
import ExcelJS from "exceljs";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { loadRegions, type RegionNode } from "../../comm-data/regions";
import { regionPattern } from "../lookups/dealers";
import { cellValue, type SheetRow } from "../ner/sheet";
import "../tables";

/**
 * What the dealer and service-station slices share on the server: the region names and the
 * region rule (a leaf of comm-data's GB/T 2260 list), the brand check against the brand tree,
 * the sheet columns of an import / template / export, and the region filter of the lists.
 */

let regions: Map<string, RegionNode> | null = null;
let parents: Set<string> | null = null;
function regionIndex() {
  if (!regions || !parents) {
    const list = loadRegions();
    regions = new Map(list.map((r) => [r.areaId, r]));
    parents = new Set(list.flatMap((r) => (r.parentId ? [r.parentId] : [])));
  }
  return { regions, parents };
}

/** The names of a region from its province down, joined by / (广东省/深圳市/南山区); the code when unknown. */
export function areaNameOf(areaId: string): string {
  const { regions: all } = regionIndex();
  const names: string[] = [];
  for (let r = all.get(areaId); r; r = r.parentId ? all.get(r.parentId) : undefined) names.unshift(r.areaName);
  return names.length > 0 ? names.join("/") : areaId;
}

/**
 * A record sits in a district: a region of the list without regions below it (a district, or
 * a city without districts such as 东莞 441900). A province or a city that has districts is too
 * coarse to send a customer to.
 */
export function areaProblem(areaId: string): OutletProblem<"areaId"> | null {
  const { regions: all, parents: withChildren } = regionIndex();
  return all.has(areaId) && !withChildren.has(areaId) ? null : { field: "areaId", msg: MSG_OUTLET_AREA_NOT_DISTRICT };
}

/** `area_id` of the table in the region or below it; no condition without a region. */
export const inRegion = (column: string, areaId: string | undefined) =>
  areaId ? sql<SqlBool>`${sql.ref(column)} like ${regionPattern(areaId)}` : undefined;

/** Brand names by id (the brand tree's first level, shared by every tenant). */
export async function brandNames(db: Kysely<Database>): Promise<Map<number, string>> {
  const rows = await db.selectFrom("bss_brand").select(["id", "name"]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Brand ids that are not in the brand tree, as a problem of the field. */
export function brandProblem<F extends string>(
  field: F,
  ids: readonly number[],
  known: ReadonlyMap<number, string>,
): OutletProblem<F> | null {
  const unknown = ids.filter((id) => !known.has(id));
  return unknown.length > 0 ? { field, msg: msgOutletBrandUnknown(unknown) } : null;
}

/** jsonb of brand ids or services as PGlite and PostgreSQL hand it back. */
export const jsonArray = <T>(v: unknown): T[] => (typeof v === "string" ? JSON.parse(v) : (v ?? [])) as T[];

/** yyyy-MM-dd HH:mm:ss in China time, as the console shows change times. */
export const chinaDateTime = (ms: number) => (ms > 0 ? chinaTime(ms) : "");

/** How a cell is read and written. */
export type OutletCellKind = "text" | "nullableText" | "choice" | "number" | "names";

/** One column of a register's sheet: the field it fills, header, kind and the template's hint. */
export interface OutletColumn<F extends string> {
  key: F;
  header: string;
  kind: OutletCellKind;
  required: boolean;
  hint: string;
  width: number;
  /** choice: code → Chinese label; names: id or code → name (brands, services). */
  labels?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
}

const entriesOf = (labels: OutletColumn<string>["labels"]): [string, string][] =>
  labels instanceof Map ? [...labels] : Object.entries(labels ?? {});

/** A cell's code: the code itself or its Chinese label; the text as written when it is neither (the schema then refuses it). */
function codeOf(labels: OutletColumn<string>["labels"], text: string): string {
  for (const [code, label] of entriesOf(labels)) if (text === code || text === label) return code;
  return text;
}

/**
 * One sheet row as the record the form would submit: choices and names to their codes (brands
 * to ids), numbers as numbers, empty optional cells as null. What cannot be read stays as
 * written, so the domain's schema names the field.
 */
export function editOfRow<F extends string>(r: SheetRow, columns: readonly OutletColumn<F>[]): Record<string, unknown> {
  const edit: Record<string, unknown> = {};
  for (const c of columns) {
    const v = r.cells.get(c.header) ?? null;
    const text = v === null ? "" : String(v).trim();
    switch (c.kind) {
      case "text":
        edit[c.key] = text;
        break;
      case "nullableText":
        edit[c.key] = text === "" ? null : text;
        break;
      case "choice":
        edit[c.key] = codeOf(c.labels, text);
        break;
      case "number":
        edit[c.key] = text === "" ? null : cellValue(v, "number");
        break;
      case "names": {
        const parts = cellValue(v, "list") as string[];
        edit[c.key] = parts.map((p) => {
          const code = codeOf(c.labels, p);
          return /^\d+$/.test(code) ? Number(code) : code;
        });
        break;
      }
    }
  }
  return edit;
}

/** A record as one sheet row (choices by their Chinese names, brands and services by name, joined by 、). */
export function rowOfRecord<F extends string>(
  record: Readonly<Record<string, unknown>>,
  columns: readonly OutletColumn<F>[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    const v = record[c.key];
    const label = (code: unknown) => entriesOf(c.labels).find(([k]) => k === String(code))?.[1] ?? String(code);
    if (c.kind === "choice") out[c.key] = v === null || v === undefined ? "" : label(v);
    else if (c.kind === "names") out[c.key] = (Array.isArray(v) ? v : []).map(label).join("、");
    else out[c.key] = v ?? "";
  }
  return out;
}

/**
 * The import template of a register: sheet 1 (the import reads only it) with the header row and
 * an example row, code and phone columns as text (Excel keeps 0755-…); sheet 2 填写说明.
 */
export async function outletTemplate<F extends string>(
  title: string,
  columns: readonly OutletColumn<F>[],
  example: Readonly<Record<string, unknown>>,
  note: string,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title);
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.kind === "number" ? {} : { style: { numFmt: "@" } }),
  }));
  sheet.addRow(rowOfRecord(example, columns));
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet("填写说明");
  help.columns = [
    { header: "列名", key: "header", width: 16 },
    { header: "是否必填", key: "required", width: 10 },
    { header: "填写说明", key: "hint", width: 70 },
  ];
  for (const c of columns) help.addRow({ header: c.header, required: c.required ? "必填" : "选填", hint: c.hint });
  help.addRow({});
  help.addRow({ header: "说明", hint: note });
  help.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
