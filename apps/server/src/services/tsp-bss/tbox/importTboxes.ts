import {
  checkTboxEdit,
  chinaDay,
  MSG_TBOX_DUPLICATE_IN_FILE,
  MSG_TBOX_EXISTS,
  MSG_TBOX_ICCID_DUPLICATE_IN_FILE,
  MSG_TBOX_IMEI_DUPLICATE_IN_FILE,
  parseTboxProtocol,
  parseTboxState,
  type TboxEdit,
  tboxProblemText,
} from "@tsp/domain";
import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { ok } from "../../../http/envelope";
import { seesTenant } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { IMPORT_DONE_MSG, type RowFailure, savingAll } from "../ner/imports";
import { cellValue, plainCells, readSheet, type SheetRow } from "../ner/sheet";
import { importUpload } from "../ner/upload";
import { EXAMPLE_SN, MSG_EXAMPLE_ROW, TBOX_COLUMNS } from "./columns";
import { factProblems, loadFacts, syncVehicleCard, type TboxFacts } from "./facts";
import { columnsOf } from "./queries";
import type { TboxTable } from "./tables";

export const MSG_TBOX_OTHER_TENANT = "终端序列号已被其他单位登记";
const WRITE_BATCH = 500;

/** One row as the terminal it describes (what the form would submit), or why it cannot be read. */
function editOfRow(r: SheetRow, facts: TboxFacts): { edit: Record<string, unknown> } | { lost: string } {
  const edit: Record<string, unknown> = {};
  for (const c of TBOX_COLUMNS) {
    if (c.key === "productionDate") {
      edit[c.key] = cellValue(r.cells.get(c.header) ?? null, "date");
      continue;
    }
    const t = textOf(r, c.header);
    if (typeof t === "object" && t !== null) return t;
    switch (c.key) {
      case "protocol":
        edit[c.key] = parseTboxProtocol(t ?? "") ?? t ?? "";
        break;
      case "state":
        edit[c.key] = parseTboxState(t ?? "") ?? t ?? "";
        break;
      case "model":
        edit[c.key] = facts.modelOf.get(t ?? "") ?? t ?? "";
        break;
      case "provider":
        edit[c.key] = facts.providerOf.get(t ?? "") ?? t ?? "";
        break;
      case "sn":
        edit[c.key] = t ?? "";
        break;
      default:
        edit[c.key] = t;
    }
  }
  return { edit };
}

function textOf(r: SheetRow, header: string): string | null | { lost: string } {
  const v = r.cells.get(header) ?? null;
  if (v === null || v === undefined) return null;
  if (typeof v === "number" && !Number.isSafeInteger(v))
    return { lost: `${header}被Excel存成了数字，末几位已丢失，请将该列设为文本后重新填写` };
  const s = v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();
  return s === "" ? null : s;
}

async function existing(db: Kysely<Database>, sns: readonly string[]) {
  const out = new Map<string, { tenant_id: number; vin: string | null }>();
  for (let i = 0; i < sns.length; i += WRITE_BATCH) {
    const rows = await db
      .selectFrom("bss_tbox as t")
      .leftJoin("vehicle as v", "v.tbox_sn", "t.sn")
      .select(["t.sn", "t.tenant_id", "v.vin"])
      .where("t.sn", "in", sns.slice(i, i + WRITE_BATCH))
      .execute();
    for (const r of rows) out.set(r.sn, { tenant_id: r.tenant_id, vin: r.vin ?? null });
  }
  return out;
}

/**
 * importTboxes: a factory's delivery list. Every row is checked like an edit (@tsp/domain
 * `checkTboxEdit` and the registers' rules: model and provider from their lists, the card a
 * registered one in no other terminal, the IMEI no other terminal's) and against the file
 * (serial, ICCID, IMEI once per file). An existing serial is refused unless `allowCover`,
 * which overwrites the tenant's own terminal (its binding stays). Accepted rows are saved in
 * ONE transaction — all or none (409) — and every refused row is reported with its reasons
 * and cells (the failed-rows sheet).
 */
export const importTboxes = defineHandler<"importTboxes">(async ({ request, query, principal }, ctx) => {
  const p = must(principal);
  const allowCover = query.allowCover === true;
  const { buffer } = await importUpload(request);
  const rows = await readSheet(
    buffer,
    TBOX_COLUMNS.map((c) => c.header),
    ["xlsx"],
  );
  const texts = (header: string) => [
    ...new Set(rows.flatMap((r) => (typeof textOf(r, header) === "string" ? [textOf(r, header) as string] : []))),
  ];
  const facts = await loadFacts(ctx.db, p, texts("ICCID"), texts("IMEI"));
  const current = await existing(ctx.db, texts("终端序列号"));
  const today = chinaDay(ctx.now().getTime());
  const failures: RowFailure[] = [];
  const created: TboxEdit[] = [];
  const covered: { e: TboxEdit; vin: string | null }[] = [];
  const seen = { sn: new Set<string>(), iccid: new Set<string>(), imei: new Set<string>() };
  for (const r of rows) {
    const key = String(r.cells.get("终端序列号") ?? "").trim();
    const fail = (reason: string) => failures.push({ row: r.row, vin: "", key, reason, data: plainCells(r) });
    const parsed = editOfRow(r, facts);
    if ("lost" in parsed) {
      fail(parsed.lost);
      continue;
    }
    if (parsed.edit.sn === EXAMPLE_SN) {
      fail(MSG_EXAMPLE_ROW);
      continue;
    }
    const was = current.get(String(parsed.edit.sn));
    const boundVin = was?.vin ?? null;
    const checked = checkTboxEdit(parsed.edit, { today, boundVin });
    if (!checked.ok) {
      fail(tboxProblemText(checked.error));
      continue;
    }
    const e = checked.value;
    const problems = factProblems(e, facts, p, boundVin).map((x) => x.msg);
    if (seen.sn.has(e.sn)) problems.unshift(MSG_TBOX_DUPLICATE_IN_FILE);
    else if (was && !seesTenant(p, was.tenant_id)) problems.unshift(MSG_TBOX_OTHER_TENANT);
    else if (was && !allowCover) problems.unshift(MSG_TBOX_EXISTS);
    if (e.iccid !== null && seen.iccid.has(e.iccid)) problems.push(MSG_TBOX_ICCID_DUPLICATE_IN_FILE);
    if (e.imei !== null && seen.imei.has(e.imei)) problems.push(MSG_TBOX_IMEI_DUPLICATE_IN_FILE);
    if (problems.length > 0) {
      fail(problems.join("；"));
      continue;
    }
    // Only an accepted row claims its serial, card and IMEI.
    seen.sn.add(e.sn);
    if (e.iccid !== null) seen.iccid.add(e.iccid);
    if (e.imei !== null) seen.imei.add(e.imei);
    if (was) covered.push({ e, vin: boundVin });
    else created.push(e);
  }
  if (created.length + covered.length > 0) {
    const actor = await actorOf(p, ctx);
    const nowMs = ctx.now().getTime();
    const who = { update_by: actor.updateBy, update_name: actor.updateName };
    await savingAll(() =>
      ctx.db.transaction().execute(async (trx) => {
        for (let i = 0; i < created.length; i += WRITE_BATCH) {
          const values: Insertable<TboxTable>[] = created
            .slice(i, i + WRITE_BATCH)
            .map((e) => ({ sn: e.sn, tenant_id: p.tenantId, ...columnsOf(e), updated_at: nowMs, ...who }));
          await trx.insertInto("bss_tbox").values(values).execute();
        }
        for (const { e, vin } of covered) {
          await trx
            .updateTable("bss_tbox")
            .set((eb) => ({
              ...columnsOf(e),
              ...who,
              updated_at: eb.fn("greatest", [eb.val(nowMs), eb("updated_at", "+", 1)]),
            }))
            .where("sn", "=", e.sn)
            .execute();
          // A bound terminal's card may have changed: the vehicle and the SIM register follow.
          if (vin !== null) await syncVehicleCard(trx, vin, e.iccid);
        }
      }),
    );
  }
  return ok(
    { all: rows.length, success: created.length + covered.length, failed: failures.length, rows: failures },
    IMPORT_DONE_MSG,
  );
});
