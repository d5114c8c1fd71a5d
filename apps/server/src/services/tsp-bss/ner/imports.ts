import { isVinCheckDigitValid, MSG_VIN_CHECK_DIGIT, normalizeVin, vinProblem } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { ApiError, ok } from "../../../http/envelope";
import type { Importer } from "../../../platform/imports/importer";
import { IMPORT_SUBMITTED_MSG } from "../../../platform/imports/queue";
import { inTenants } from "../../../platform/principal";
import type { Handler } from "../../types";
import { actorOf, must } from "../actor";
import type { NerGroup } from "../tables";
import { editProblems } from "./editSchemas";
import { GROUPS } from "./groups";
import { groupProblem } from "./rules";
import { type GroupSave, saveGroups } from "./save";
import { cellValue, headIsCheap, type PlainCell, plainCells, readSheetBatches, type SheetRow } from "./sheet";
import { EXAMPLE_VIN, requiredHeaders, templateColumns } from "./template";
import { importUpload } from "./upload";

/** One rejected row of an import (openapi ImportRowFailure). */
export interface RowFailure {
  row: number;
  vin: string;
  /** What identifies a row without a VIN (an ICCID, a 公告型号). */
  key?: string;
  /** Every reason, joined with ；. */
  reason: string;
  /** The row's cells by header, so the failed-rows sheet can be rebuilt from the answer alone (e.g. for an .xls upload). */
  data?: Record<string, PlainCell>;
}

/** Reasons of one row as the report shows them (every reason, in the order checked). */
export const reasonsText = (reasons: readonly string[]) => reasons.join("；");

/** The answer's message of a finished import. */
export const IMPORT_DONE_MSG = "导入完成";

/** The answer's message when the database refuses a checked row while the import is saved. */
export const IMPORT_NOT_SAVED_MSG = "导入失败：保存时数据库拒绝了写入，本次导入的数据均未保存，请核对后重新导入";

/**
 * SQLSTATE classes of a refusal by the data rather than a broken server: 23 integrity
 * constraint violation (unique, foreign key, check, not null), 40 transaction rollback
 * (serialization failure, deadlock), P0 raised by a trigger.
 */
const REFUSED_BY_DATA = /^(23|40|P0)/;

/**
 * Runs the write phase of an import (one transaction). When the database refuses a row the
 * checks passed — e.g. another request took the same T-BOX serial or SIM card in between —
 * the transaction has rolled back and no row of the file is saved: the answer is 409 with
 * that said in Chinese (openapi ImportNotSaved), never a 500. Other failures stay errors.
 */
export async function savingAll<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && REFUSED_BY_DATA.test(code)) {
      throw new ApiError(409, IMPORT_NOT_SAVED_MSG, [
        { field: "file", msg: "数据可能已被其他操作修改，本文件的所有行均未保存" },
      ]);
    }
    throw error;
  }
}

/** Columns whose values must be unique within one file, per group, with the reason. */
const UNIQUE_IN_FILE: Partial<Record<NerGroup, { field: string; reason: string }[]>> = {
  terminalInfo: [
    { field: "tboxSn", reason: "文件中终端序列号重复" },
    { field: "iccid", reason: "文件中ICCID重复" },
  ],
};

/** Data rows checked and saved together: one ownership query and a few save statements per batch. */
const IMPORT_BATCH = 1000;

/**
 * importNer<Group>Info (business-areas.md §7 multipart imports): reads the sheet (.xlsx or
 * .xls; the group's export is its template: VIN plus the group's columns) in batches of
 * {@link IMPORT_BATCH} rows as it streams, checks every row with @tsp/domain's VIN rules,
 * ownership, the group's Edit schema from openapi/, uniqueness in the file and the group's
 * rules, and saves the batch's valid rows — all inside ONE transaction for the whole file
 * (each row with its change log entry), so the file is saved whole or not at all (a broken
 * file, the row limit reached mid-file, a refusal by the database or a server stopped
 * mid-import leave nothing written). Memory follows the batch, not the file: only the VINs
 * and unique values seen and the rejected rows are kept. A rejected row is reported with its
 * Excel row number, its VIN, EVERY reason found (a rule that needs a valid VIN or a
 * schema-valid record is checked only once those hold) and its cells; it changes nothing.
 * Only an accepted row claims its VIN and its unique values, so a corrected copy further down
 * is taken; the group's rules read the database as the earlier batches left it.
 */
const groupImporter =
  (group: NerGroup): Importer =>
  async ({ principal: p }, ctx, buffer, progress, finish) => {
    const def = GROUPS[group];
    const batches = readSheetBatches(buffer, requiredHeaders(def), { batchSize: IMPORT_BATCH });
    // The header is checked before the transaction opens (a wrong template costs no transaction).
    const first = await batches.next();
    const actor = await actorOf(p, ctx);
    const nowMs = ctx.now().getTime();
    const failures: RowFailure[] = [];
    let all = 0;
    let success = 0;
    const seenVins = new Set<string>();
    const seenUnique = new Map<string, Set<string>>((UNIQUE_IN_FILE[group] ?? []).map((u) => [u.field, new Set()]));
    const checkBatch = async (trx: Kysely<Database>, rows: readonly SheetRow[]) => {
      const vins = [...new Set(rows.map((r) => normalizeVin(String(r.cells.get("VIN") ?? ""))))];
      // One primary-key lookup per VIN (LATERAL … LIMIT 1 keeps the planner from a hash join): an
      // IN list of 1,000 VINs was planned as a scan of every vehicle while the table's statistics
      // lagged a bulk load — 40–75 ms a batch, 4–5 s of a 100,000-row import (BENCHMARKS.md).
      const owned = new Map(
        (
          await sql<{ vin: string; tenant_id: number }>`select v.vin, v.tenant_id
            from unnest(${vins}::varchar[]) as x(vin)
            cross join lateral (select vin, tenant_id from vehicle where vin = x.vin limit 1) as v
            where ${inTenants("v.tenant_id", p)}`.execute(trx)
        ).rows.map((v) => [v.vin, v.tenant_id]),
      );
      const accepted: GroupSave[] = [];
      for (const r of rows) {
        const vin = normalizeVin(String(r.cells.get("VIN") ?? ""));
        const reasons: string[] = [];
        const vinIssue = vinProblem(vin) ?? (isVinCheckDigitValid(vin) ? null : MSG_VIN_CHECK_DIGIT);
        if (vinIssue) reasons.push(vinIssue);
        else if (seenVins.has(vin)) reasons.push("文件中VIN重复");
        const tenantId = vinIssue ? undefined : owned.get(vin);
        if (!vinIssue && tenantId === undefined) reasons.push("车辆不存在");
        const edit: Record<string, unknown> = { vin };
        for (const c of templateColumns(def)) {
          if (c.key === "vin") continue;
          const value = cellValue(r.cells.get(c.header) ?? null, c.kind);
          if (value !== undefined) edit[c.key] = value;
        }
        // The VIN's own problem is said once above, not again as a schema message.
        const schemaIssues = editProblems(group, vinIssue ? { ...edit, vin: EXAMPLE_VIN } : edit);
        reasons.push(...schemaIssues);
        const duplicates = (UNIQUE_IN_FILE[group] ?? []).filter(
          (u) => edit[u.field] !== undefined && seenUnique.get(u.field)?.has(String(edit[u.field])),
        );
        reasons.push(...duplicates.map((u) => u.reason));
        // The group's rules read typed values and the vehicle's tenant: only for a record that passed so far.
        if (reasons.length === 0 && tenantId !== undefined) {
          const ruleIssue = await groupProblem(trx, group, vin, tenantId, edit);
          if (ruleIssue) reasons.push(ruleIssue);
        }
        if (reasons.length > 0 || tenantId === undefined) {
          failures.push({ row: r.row, vin, reason: reasonsText(reasons), data: plainCells(r) });
          continue;
        }
        seenVins.add(vin);
        for (const u of UNIQUE_IN_FILE[group] ?? []) seenUnique.get(u.field)?.add(String(edit[u.field]));
        accepted.push({ vin, tenantId, edit });
      }
      return accepted;
    };
    // ONE transaction for every valid row of the file: all of them are saved, or none.
    try {
      await savingAll(() =>
        ctx.db.transaction().execute(async (trx) => {
          for (let next = first; !next.done; next = await batches.next()) {
            const accepted = await checkBatch(trx, next.value);
            all += next.value.length;
            success += accepted.length;
            if (accepted.length > 0) await saveGroups(trx, group, accepted, actor, nowMs);
            await progress(all);
          }
          // The task is done in the same commit as the rows (a kill before it leaves neither).
          await finish(trx, { all, success, failed: failures.length, rows: failures });
        }),
      );
    } finally {
      // A failed save leaves the read unfinished: close it (and the workbook reader under it).
      await batches.return(undefined);
    }
    return { all, success, failed: failures.length, rows: failures };
  };

/**
 * importNer<Group>Info's upload (issue 21: imports as tasks): the file is checked as a file —
 * one workbook of at most 10 MB ({@link importUpload}), readable, the group's template (its
 * header row) with a data row — and refused at once with 400 otherwise; then it is stored and
 * queued, and the answer is the task (openapi ImportTaskRef). The worker runs
 * {@link groupImporter}; getImportTask answers its progress and, once done, the per-row report.
 */
const importGroup =
  (group: NerGroup, kind: string): Handler =>
  async ({ request, principal }, ctx) => {
    const p = must(principal);
    const file = await importUpload(request);
    // The header and a data row at once when that is cheap; otherwise the task fails with the same message.
    if (headIsCheap(file.buffer)) {
      const head = readSheetBatches(file.buffer, requiredHeaders(GROUPS[group]), { batchSize: 1 });
      try {
        await head.next();
      } finally {
        await head.return(undefined);
      }
    }
    const { taskId } = await ctx.imports.submit(p, kind, file);
    return ok({ taskId, name: file.name, status: "queued" }, IMPORT_SUBMITTED_MSG);
  };

export const importNerVehicleInfo = importGroup("vehicleInfo", "importNerVehicleInfo");
export const importNerBatteryInfo = importGroup("batteryInfo", "importNerBatteryInfo");
export const importNerDriveInfo = importGroup("driveInfo", "importNerDriveInfo");
export const importNerTerminalInfo = importGroup("terminalInfo", "importNerTerminalInfo");

/** The four group imports' workers, by the operationId of their upload (ServiceModule.importers). */
export const nerImporters: Record<string, Importer> = {
  importNerVehicleInfo: groupImporter("vehicleInfo"),
  importNerBatteryInfo: groupImporter("batteryInfo"),
  importNerDriveInfo: groupImporter("driveInfo"),
  importNerTerminalInfo: groupImporter("terminalInfo"),
};
