import {
  checkRegisterRow,
  chinaDateTime,
  MSG_REGISTER_EXAMPLE_ROW,
  msgRegisterDuplicateInFile,
  msgRegisterExists,
  msgRegisterNotFound,
  msgRegisterStale,
  parseRegisterChoice,
  type RegisterDef,
  type RegisterField,
  type RegisterValues,
  registerFieldHint,
  registerKey,
  registerProblemText,
  writableFields,
} from "@tsp/domain";
import ExcelJS from "exceljs";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { containsPattern, countOf, limitOffset } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import type { Handler } from "../../types";
import { actorOf, must } from "../actor";
import { IMPORT_DONE_MSG, type RowFailure, savingAll } from "../ner/imports";
import { plainCells, readSheet, type SheetRow } from "../ner/sheet";
import { sendXlsx } from "../ner/template";
import { importUpload } from "../ner/upload";
import type { RegisterRow } from "./tables";

/** The operationIds of one register's calls (openapi tsp-bss, one tag per register). */
export interface RegisterOps {
  list: string;
  get: string;
  create: string;
  update: string;
  delete: string;
  export: string;
  import: string;
  template: string;
}

/**
 * How the server keeps one register: the domain's declaration, the table, the calls, the
 * choice fields the list filters on, and why a row may not be deleted now.
 */
export interface RegisterService {
  def: RegisterDef;
  table: string;
  ops: RegisterOps;
  /** Choice fields the list and the export filter on exactly (their openapi parameters). */
  filters: readonly string[];
  /** The 409 message when the row is still in use, or null when it may go. */
  refuseDelete?: (row: RegisterValues) => string | null;
  /** The 409 message when the row may not be changed now (a submitted filing), or null; an import's row reason too. */
  refuseEdit?: (row: RegisterValues) => string | null;
  /** Fields the list is ordered by before the key (a dictionary's items by dictionary and display order); the key alone when absent. */
  listOrder?: readonly string[];
  /**
   * Fields naming a row of another table of the caller's tenants (a bound VIN, a machinery
   * PIN): a value no such row has is refused — 400 on a create or edit, the row's reason in an
   * import.
   */
  references?: readonly RegisterReference[];
  /** Tables whose rows name this register's key: a delete is refused (409) while any row of the tenant does. */
  usedBy?: readonly RegisterUse[];
}

/** A field naming a row of another table, by that table's column, within the caller's tenants. */
export interface RegisterReference {
  field: string;
  table: string;
  column: string;
  msg: (value: string) => string;
}

/** A table naming rows of a register by `column`. */
export interface RegisterUse {
  table: string;
  column: string;
  msg: (count: number) => string;
}

/** Any register table, by name: the declaration says which columns exist. */
type Db = Kysely<Record<string, RegisterRow>>;
const dbOf = (ctx: AppContext) => ctx.db as unknown as Db;

/** A field's column: its key in snake_case (modelName → model_name). */
export const columnOf = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** Rows per export batch and per import statement. */
const BATCH = 500;

/** A stored row as the contract's record: the declared fields, the version and who changed it. */
function recordOf(def: RegisterDef, row: RegisterRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    const v = row[columnOf(f.key)] ?? null;
    out[f.key] = v !== null && (f.kind === "integer" || f.kind === "decimal") ? Number(v) : v;
  }
  out.updatedAt = Number(row.updated_at);
  out.updateName = row.update_name;
  return out;
}

/** A checked row as columns (read-only fields are set by the register's own calls). */
const columnsOf = (def: RegisterDef, row: RegisterValues) =>
  Object.fromEntries(writableFields(def).map((f) => [columnOf(f.key), row[f.key] ?? null]));

/** Rows of the caller's tenants matching the list's filters (keyword over the searchable fields, exact choices). */
function filtered(s: RegisterService, db: Db, tenantIds: readonly number[], query: Record<string, unknown>) {
  const conditions: ReturnType<typeof sql<SqlBool>>[] = [
    tenantIds.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`tenant_id in (${sql.join(tenantIds)})`,
  ];
  const keyWords = typeof query.keyWords === "string" ? query.keyWords.trim() : "";
  if (keyWords !== "")
    conditions.push(
      sql<SqlBool>`(${sql.join(
        s.def.searchable.map((k) => sql`${sql.ref(columnOf(k))} ilike ${containsPattern(keyWords)}`),
        sql` or `,
      )})`,
    );
  for (const k of s.filters) {
    const v = query[k];
    if (typeof v === "string" && v !== "") conditions.push(sql<SqlBool>`${sql.ref(columnOf(k))} = ${v}`);
  }
  return conditions.reduce((q, c) => q.where(c), db.selectFrom(s.table));
}

/** The row `key` of the caller's tenants, the caller's own tenant first; undefined when none. */
async function rowOf(s: RegisterService, db: Db, p: Principal, key: string, lock = false) {
  const keyColumn = columnOf(registerKey(s.def).key);
  let q = db
    .selectFrom(s.table)
    .selectAll()
    .where(sql.ref(keyColumn), "=", key)
    .where(sql<SqlBool>`tenant_id in (${sql.join(p.tenantIds.length > 0 ? p.tenantIds : [-1])})`)
    .orderBy(sql`tenant_id = ${p.tenantId}`, "desc")
    .limit(1);
  if (lock) q = q.forUpdate();
  return (await q.executeTakeFirst()) as RegisterRow | undefined;
}

/** The fields of a request body or a sheet row, checked by @tsp/domain; 400 with every reason. */
function checked(def: RegisterDef, input: unknown): RegisterValues {
  const r = checkRegisterRow(def, input);
  if (!r.ok) throw badRequest(r.error[0]?.msg ?? "", r.error);
  return r.value;
}

/** The values of `ref.field` among `values` that a row of the caller's tenants holds. */
async function knownValues(db: Db, tenantIds: readonly number[], ref: RegisterReference, values: readonly string[]) {
  const known = new Set<string>();
  for (let i = 0; i < values.length; i += BATCH) {
    const part = values.slice(i, i + BATCH);
    const found = (await db
      .selectFrom(ref.table)
      .select(sql.ref(ref.column).as("v"))
      .where(sql.ref(ref.column), "in", part)
      .where(sql<SqlBool>`tenant_id in (${sql.join(tenantIds.length > 0 ? tenantIds : [-1])})`)
      .execute()) as unknown as { v: string }[];
    for (const r of found) known.add(String(r.v));
  }
  return known;
}

/** The reasons a checked row names something the caller's tenants do not hold (400 with each, on its field). */
async function refusedReferences(s: RegisterService, db: Db, p: Principal, row: RegisterValues): Promise<void> {
  const problems = [];
  for (const ref of s.references ?? []) {
    const value = row[ref.field];
    if (value === null || value === undefined) continue;
    const known = await knownValues(db, p.tenantIds, ref, [String(value)]);
    if (!known.has(String(value))) problems.push({ field: ref.field, msg: ref.msg(String(value)) });
  }
  if (problems.length > 0) throw badRequest(problems[0]?.msg ?? "", problems);
}

/** A cell as the value the domain's check expects: a choice by its label or code, a number from text. */
function cellOf(f: RegisterField, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  const text = v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();
  if (f.kind === "choice") return parseRegisterChoice(f, text) ?? text;
  if (f.kind === "integer" || f.kind === "decimal") return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  return text;
}

/** The template's columns (the writable fields) or the export's (every field), headed by its label. */
const sheetColumns = (def: RegisterDef, fields = writableFields(def)) =>
  fields.map((f) => ({ header: f.label, key: f.key, width: f.maxLength && f.maxLength > 50 ? 32 : 18 }));

/** A row as one line of the sheet: choices by their Chinese names (the import reads them back). */
function sheetRowOf(def: RegisterDef, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    const v = record[f.key];
    out[f.key] = v === null ? "" : f.kind === "choice" ? (f.choices?.[String(v)] ?? v) : v;
  }
  return out;
}

/** yyyy-MM-dd HH:mm:ss in China time, as the console shows change times. */

/**
 * The import template: sheet 1 (the register's title, the one the import reads) with the
 * header row and the declaration's example row, text-formatted so codes keep their digits;
 * sheet 2 填写说明 with each column's hint from the declaration.
 */
export async function registerTemplate(def: RegisterDef): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(def.title);
  const fields = writableFields(def);
  sheet.columns = sheetColumns(def).map((c, i) => ({
    ...c,
    ...(fields[i]?.kind === "integer" || def.fields[i]?.kind === "decimal" ? {} : { style: { numFmt: "@" } }),
  }));
  sheet.addRow({ ...def.example });
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet("填写说明");
  help.columns = [
    { header: "列名", key: "header", width: 20 },
    { header: "是否必填", key: "required", width: 10 },
    { header: "填写说明", key: "hint", width: 70 },
  ];
  for (const f of fields)
    help.addRow({ header: f.label, required: f.required ? "必填" : "选填", hint: registerFieldHint(f) });
  help.addRow({});
  help.addRow({
    header: "说明",
    hint: `第1个工作表的第2行为示例，导入前请替换为实际数据；列名请勿修改。已存在的${registerKey(def).label}默认不导入，勾选“覆盖已有数据”时更新该行。`,
  });
  help.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The export of a register: the template's columns (an export is a filled template), then the last change. */
function exporterOf(s: RegisterService): ExportSheet {
  const keyColumn = columnOf(registerKey(s.def).key);
  return {
    title: s.def.title,
    columns: [
      ...sheetColumns(s.def, s.def.fields),
      { header: "修改人", key: "updateName", width: 14 },
      { header: "修改时间", key: "updatedAt", width: 22 },
    ],
    total: (job, ctx) => countOf(filtered(s, dbOf(ctx), job.tenantIds, job.params)),
    async *rows(job, ctx) {
      let after: string | null = null;
      for (;;) {
        let q = filtered(s, dbOf(ctx), job.tenantIds, job.params);
        if (after !== null) q = q.where(sql<SqlBool>`${sql.ref(keyColumn)} > ${after}`);
        const rows = (await q
          .selectAll()
          .orderBy(sql.ref(keyColumn))
          .orderBy("tenant_id")
          .limit(BATCH)
          .execute()) as RegisterRow[];
        if (rows.length === 0) return;
        yield rows.map((r) => {
          const record = recordOf(s.def, r);
          const at = Number(r.updated_at);
          return {
            ...sheetRowOf(s.def, record),
            updateName: r.update_name ?? "",
            updatedAt: at > 0 ? chinaDateTime(at) : "",
          };
        });
        if (rows.length < BATCH) return;
        after = String(rows.at(-1)?.[keyColumn]);
      }
    },
  };
}

/**
 * The handlers (by operationId) and the exporter of one register, from its declaration:
 * list, detail, create (409 on a taken key), update (409 on a stale version), delete (409
 * while in use), export task, import with a per-row report (all accepted rows in one
 * transaction), template. Every write is checked by @tsp/domain's `checkRegisterRow`.
 */
export function serveRegister(s: RegisterService): {
  handlers: Record<string, Handler>;
  exporters: Record<string, ExportSheet>;
} {
  const { def, table } = s;
  const key = registerKey(def);
  const keyColumn = columnOf(key.key);
  const read = async (db: Db, p: Principal, k: string) => {
    const row = await rowOf(s, db, p, k);
    if (!row) throw notFound(msgRegisterNotFound(def));
    return recordOf(def, row);
  };

  const keyOf = (r: SheetRow) => String(cellOf(key, r.cells.get(key.label)) ?? "");

  const list: Handler = async ({ query, principal }, ctx) => {
    const q = filtered(s, dbOf(ctx), must(principal).tenantIds, query);
    const { limit, offset } = limitOffset({
      pageNum: query.pageNum as number | undefined,
      pageSize: query.pageSize as number | undefined,
    });
    const [rows, total] = await Promise.all([
      (s.listOrder ?? [])
        .reduce((o, k) => o.orderBy(sql.ref(columnOf(k))), q.selectAll())
        .orderBy(sql.ref(keyColumn))
        .orderBy("tenant_id")
        .limit(limit)
        .offset(offset)
        .execute(),
      countOf(q),
    ]);
    return { list: (rows as RegisterRow[]).map((r) => recordOf(def, r)), total };
  };

  const get: Handler = async ({ query, principal }, ctx) => read(dbOf(ctx), must(principal), String(query[key.key]));

  const create: Handler = async ({ body, principal }, ctx) => {
    const p = must(principal);
    const row = checked(def, body);
    const actor = await actorOf(p, ctx);
    const db = dbOf(ctx);
    await refusedReferences(s, db, p, row);
    const k = String(row[key.key]);
    await db.transaction().execute(async (trx) => {
      if (await rowOf(s, trx, p, k, true)) throw conflict(msgRegisterExists(def, k));
      await trx
        .insertInto(table)
        .values({
          tenant_id: p.tenantId,
          ...columnsOf(def, row),
          updated_at: ctx.now().getTime(),
          update_by: actor.updateBy,
          update_name: actor.updateName,
        })
        .execute();
    });
    return ok(await read(db, p, k), "保存成功");
  };

  const update: Handler = async ({ body, principal }, ctx) => {
    const p = must(principal);
    const { updatedAt, ...fields } = (body ?? {}) as Record<string, unknown>;
    const db = dbOf(ctx);
    const k = String(fields[key.key]);
    const actor = await actorOf(p, ctx);
    const nowMs = ctx.now().getTime();
    await db.transaction().execute(async (trx) => {
      const current = await rowOf(s, trx, p, k, true);
      if (!current) throw notFound(msgRegisterNotFound(def));
      const version = Number(current.updated_at);
      if (version !== updatedAt) throw conflict(msgRegisterStale(def));
      const refusal = s.refuseEdit?.(recordOf(def, current) as RegisterValues) ?? null;
      if (refusal !== null) throw conflict(refusal);
      const row = checked(def, fields);
      await refusedReferences(s, trx, p, row);
      await trx
        .updateTable(table)
        .set({
          ...columnsOf(def, row),
          updated_at: Math.max(nowMs, version + 1),
          update_by: actor.updateBy,
          update_name: actor.updateName,
        })
        .where("tenant_id", "=", current.tenant_id)
        .where(sql.ref(keyColumn), "=", k)
        .execute();
    });
    return ok(await read(db, p, k), "保存成功");
  };

  const remove: Handler = async ({ query, principal }, ctx) => {
    const p = must(principal);
    const k = String(query[key.key]);
    await dbOf(ctx)
      .transaction()
      .execute(async (trx) => {
        const current = await rowOf(s, trx, p, k, true);
        if (!current) throw notFound(msgRegisterNotFound(def));
        const refusal = s.refuseDelete?.(recordOf(def, current) as RegisterValues) ?? null;
        if (refusal !== null) throw conflict(refusal);
        for (const use of s.usedBy ?? []) {
          const count = await countOf(
            trx.selectFrom(use.table).where(sql.ref(use.column), "=", k).where("tenant_id", "=", current.tenant_id),
          );
          if (count > 0) throw conflict(use.msg(count));
        }
        await trx
          .deleteFrom(table)
          .where("tenant_id", "=", current.tenant_id)
          .where(sql.ref(keyColumn), "=", k)
          .execute();
      });
    return ok({ key: k }, "删除成功");
  };

  const exportRows: Handler = async ({ query, principal }, ctx) => {
    const p = must(principal);
    const params = Object.fromEntries(
      ["keyWords", ...s.filters].flatMap((k) => (query[k] === undefined ? [] : [[k, query[k]]])),
    );
    return ok(await ctx.exports.submit(p, s.ops.export, params), EXPORT_SUBMITTED_MSG);
  };

  const importRows: Handler = async ({ request, query, principal }, ctx) => {
    const p = must(principal);
    const allowCover = query.allowCover === true;
    const { buffer } = await importUpload(request);
    const writable = writableFields(def);
    const rows = await readSheet(
      buffer,
      writable.map((f) => f.label),
      ["xlsx"],
    );
    const db = dbOf(ctx);
    const keys = [...new Set(rows.map(keyOf).filter((k) => k !== ""))];
    const existing = new Map<string, RegisterRow>();
    for (let i = 0; i < keys.length; i += BATCH) {
      const part = keys.slice(i, i + BATCH);
      const found = (await db
        .selectFrom(table)
        .selectAll()
        .where(sql.ref(keyColumn), "in", part)
        .where(sql<SqlBool>`tenant_id in (${sql.join(p.tenantIds.length > 0 ? p.tenantIds : [-1])})`)
        .orderBy(sql`tenant_id = ${p.tenantId}`)
        .execute()) as RegisterRow[];
      // The caller's own tenant's row last, so it wins (as `rowOf` picks it).
      for (const r of found) existing.set(String(r[keyColumn]), r);
    }
    // The values each reference names, known or not in the caller's tenants (one query per batch).
    const known = new Map<RegisterReference, Set<string>>();
    for (const ref of s.references ?? []) {
      const f = def.fields.find((x) => x.key === ref.field) as RegisterField;
      const named = rows
        .map((r) => String(cellOf(f, r.cells.get(f.label)) ?? "").trim())
        .map((x) => (f.kind === "vin" ? x.toUpperCase() : x))
        .filter((x) => x !== "");
      known.set(ref, await knownValues(db, p.tenantIds, ref, [...new Set(named)]));
    }
    const failures: RowFailure[] = [];
    const created: RegisterValues[] = [];
    const covered: { row: RegisterValues; tenantId: number }[] = [];
    const seen = new Set<string>();
    for (const r of rows) {
      const k = keyOf(r);
      const fail = (reason: string) => failures.push({ row: r.row, vin: "", key: k, reason, data: plainCells(r) });
      const input = Object.fromEntries(writable.map((f) => [f.key, cellOf(f, r.cells.get(f.label))]));
      if (k === String(def.example[key.key])) {
        fail(MSG_REGISTER_EXAMPLE_ROW);
        continue;
      }
      const result = checkRegisterRow(def, input);
      if (!result.ok) {
        fail(registerProblemText(result.error));
        continue;
      }
      const unknown = (s.references ?? []).flatMap((ref) => {
        const value = result.value[ref.field];
        return value === null || value === undefined || known.get(ref)?.has(String(value))
          ? []
          : [ref.msg(String(value))];
      });
      if (unknown.length > 0) {
        fail(unknown.join("；"));
        continue;
      }
      if (seen.has(k)) {
        fail(msgRegisterDuplicateInFile(def));
        continue;
      }
      const current = existing.get(k);
      if (current && !allowCover) {
        fail(msgRegisterExists(def, k));
        continue;
      }
      const refusal = current ? (s.refuseEdit?.(recordOf(def, current) as RegisterValues) ?? null) : null;
      if (refusal !== null) {
        fail(refusal);
        continue;
      }
      seen.add(k);
      if (current) covered.push({ row: result.value, tenantId: current.tenant_id });
      else created.push(result.value);
    }
    if (created.length + covered.length > 0) {
      const actor = await actorOf(p, ctx);
      const nowMs = ctx.now().getTime();
      const who = { update_by: actor.updateBy, update_name: actor.updateName };
      // ONE transaction for every accepted row: all of them are saved, or none.
      await savingAll(() =>
        db.transaction().execute(async (trx) => {
          for (let i = 0; i < created.length; i += BATCH) {
            const values = created
              .slice(i, i + BATCH)
              .map((row) => ({ tenant_id: p.tenantId, ...columnsOf(def, row), updated_at: nowMs, ...who }));
            await trx.insertInto(table).values(values).execute();
          }
          for (const { row, tenantId } of covered)
            await trx
              .updateTable(table)
              .set({
                ...columnsOf(def, row),
                ...who,
                // Strictly above the old version, so an editor holding the old one gets 409.
                updated_at: sql`greatest(${nowMs}, updated_at + 1)`,
              })
              .where("tenant_id", "=", tenantId)
              .where(sql.ref(keyColumn), "=", String(row[key.key]))
              .execute();
        }),
      );
    }
    return ok(
      { all: rows.length, success: created.length + covered.length, failed: failures.length, rows: failures },
      IMPORT_DONE_MSG,
    );
  };

  const template: Handler = async ({ reply }) =>
    sendXlsx(reply, `${def.title}导入模板.xlsx`, await registerTemplate(def));

  return {
    handlers: {
      [s.ops.list]: list,
      [s.ops.get]: get,
      [s.ops.create]: create,
      [s.ops.update]: update,
      [s.ops.delete]: remove,
      [s.ops.export]: exportRows,
      [s.ops.import]: importRows,
      [s.ops.template]: template,
    },
    exporters: { [s.ops.export]: exporterOf(s) },
  };
}
