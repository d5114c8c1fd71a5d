import { isVinCheckDigitValid, MSG_VIN_CHECK_DIGIT, normalizeVin, vinProblem } from "@tsp/domain";
import { ApiError, ok } from "../../../http/envelope";
import { inTenants } from "../../../platform/principal";
import type { Handler } from "../../types";
import { actorOf, must } from "../actor";
import type { NerGroup } from "../tables";
import { editProblem } from "./editSchemas";
import { GROUPS } from "./groups";
import { groupProblem } from "./rules";
import { saveGroups } from "./save";
import { cellValue, readSheet } from "./sheet";
import { requiredHeaders, templateColumns } from "./template";
import { importUpload } from "./upload";

/** One rejected row of an import (openapi ImportRowFailure). */
export interface RowFailure {
  row: number;
  vin: string;
  reason: string;
}

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

/**
 * importNer<Group>Info (business-areas.md §7 multipart imports): reads the sheet (the
 * group's export is its template: VIN plus the group's columns), validates every row with
 * @tsp/domain's VIN rules, the group's Edit schema from openapi/ and the group's rules, then
 * saves every valid row in ONE transaction (each with its change log entry) and reports
 * every rejected row with its reason. Rejected rows change nothing.
 */
const importGroup =
  (group: NerGroup): Handler =>
  async ({ request, principal }, ctx) => {
    const p = must(principal);
    const def = GROUPS[group];
    const { buffer } = await importUpload(request);
    const rows = await readSheet(buffer, requiredHeaders(def));
    const vins = [...new Set(rows.map((r) => normalizeVin(String(r.cells.get("VIN") ?? ""))))];
    const owned = new Map(
      (
        await ctx.db
          .selectFrom("vehicle")
          .select(["vin", "tenant_id"])
          .where("vin", "in", vins.length > 0 ? vins : [""])
          .where(inTenants("vehicle.tenant_id", p))
          .execute()
      ).map((v) => [v.vin, v.tenant_id]),
    );
    const failures: RowFailure[] = [];
    const accepted: { vin: string; tenantId: number; edit: Record<string, unknown> }[] = [];
    const seenVins = new Set<string>();
    const seenUnique = new Map<string, Set<string>>();
    for (const r of rows) {
      const vin = normalizeVin(String(r.cells.get("VIN") ?? ""));
      const fail = (reason: string) => failures.push({ row: r.row, vin, reason });
      const vinIssue = vinProblem(vin) ?? (isVinCheckDigitValid(vin) ? null : MSG_VIN_CHECK_DIGIT);
      if (vinIssue) {
        fail(vinIssue);
        continue;
      }
      // Only an accepted row claims its VIN: a corrected copy below a rejected row is taken.
      if (seenVins.has(vin)) {
        fail("文件中VIN重复");
        continue;
      }
      const tenantId = owned.get(vin);
      if (tenantId === undefined) {
        fail("车辆不存在");
        continue;
      }
      const edit: Record<string, unknown> = { vin };
      for (const c of templateColumns(def)) {
        if (c.key === "vin") continue;
        const value = cellValue(r.cells.get(c.header) ?? null, c.kind);
        if (value !== undefined) edit[c.key] = value;
      }
      const schemaIssue = editProblem(group, edit);
      if (schemaIssue) {
        fail(schemaIssue);
        continue;
      }
      const duplicate = (UNIQUE_IN_FILE[group] ?? []).find((u) => {
        const seen = seenUnique.get(u.field) ?? new Set<string>();
        seenUnique.set(u.field, seen);
        const value = String(edit[u.field]);
        if (seen.has(value)) return true;
        seen.add(value);
        return false;
      });
      if (duplicate) {
        fail(duplicate.reason);
        continue;
      }
      const ruleIssue = await groupProblem(ctx.db, group, vin, tenantId, edit);
      if (ruleIssue) {
        fail(ruleIssue);
        continue;
      }
      seenVins.add(vin);
      accepted.push({ vin, tenantId, edit });
    }
    if (accepted.length > 0) {
      const actor = await actorOf(p, ctx);
      const nowMs = ctx.now().getTime();
      // ONE transaction for every valid row: all of them are saved, or none.
      await savingAll(() => ctx.db.transaction().execute((trx) => saveGroups(trx, group, accepted, actor, nowMs)));
    }
    return ok({ all: rows.length, success: accepted.length, failed: failures.length, rows: failures }, IMPORT_DONE_MSG);
  };

export const importNerVehicleInfo = importGroup("vehicleInfo");
export const importNerBatteryInfo = importGroup("batteryInfo");
export const importNerDriveInfo = importGroup("driveInfo");
export const importNerTerminalInfo = importGroup("terminalInfo");
