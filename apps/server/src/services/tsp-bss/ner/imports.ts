import { isVinCheckDigitValid, MSG_VIN_CHECK_DIGIT, normalizeVin, vinProblem } from "@tsp/domain";
import { ok } from "../../../http/envelope";
import { inTenants } from "../../../platform/principal";
import type { Handler } from "../../types";
import { actorOf, must } from "../actor";
import type { NerGroup } from "../tables";
import { editProblem } from "./editSchemas";
import { GROUPS } from "./groups";
import { groupProblem } from "./rules";
import { saveGroups } from "./save";
import { cellValue, readSheet } from "./sheet";
import { importUpload } from "./upload";

/** One rejected row of an import (openapi ImportRowFailure). */
export interface RowFailure {
  row: number;
  vin: string;
  reason: string;
}

/** The answer's message of a finished import. */
export const IMPORT_DONE_MSG = "导入完成";

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
    const rows = await readSheet(buffer, ["VIN", ...def.fields.filter((f) => f.kind === "string").map((f) => f.label)]);
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
      for (const f of def.fields) {
        const value = cellValue(r.cells.get(f.label) ?? null, f.kind);
        if (value !== undefined) edit[f.field] = value;
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
      await ctx.db.transaction().execute((trx) => saveGroups(trx, group, accepted, actor, nowMs));
    }
    return ok({ all: rows.length, success: accepted.length, failed: failures.length, rows: failures }, IMPORT_DONE_MSG);
  };

export const importNerVehicleInfo = importGroup("vehicleInfo");
export const importNerBatteryInfo = importGroup("batteryInfo");
export const importNerDriveInfo = importGroup("driveInfo");
export const importNerTerminalInfo = importGroup("terminalInfo");
