import {
  checkSimCardEdit,
  chinaDay,
  MSG_SIM_DUPLICATE_IN_FILE,
  MSG_SIM_EXISTS,
  MSG_SIM_MSISDN_DUPLICATE_IN_FILE,
  MSG_SIM_MSISDN_TAKEN,
  parseSimCarrier,
  parseSimStatus,
  type SimCardEdit,
  simCardProblemText,
} from "@tsp/domain";
import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { ok } from "../../../http/envelope";
import { seesTenant } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { IMPORT_DONE_MSG, type RowFailure, savingAll } from "../ner/imports";
import { cellValue, readSheet, type SheetRow } from "../ner/sheet";
import { importUpload } from "../ner/upload";
import type { SimCardTable } from "../tables";
import { EXAMPLE_ICCID, MSG_EXAMPLE_ROW, SIM_CARD_COLUMNS, type SimColumn } from "./columns";
import "./tables";

/** An ICCID of another tenant: never overwritten, and which tenant is not said. */
export const MSG_SIM_OTHER_TENANT = "ICCID已被其他单位登记";
/** A long number Excel stored as a floating-point number: its last digits are already lost. */
export const msgNumberCell = (header: string) => `${header}被Excel存成了数字，末几位已丢失，请将该列设为文本后重新填写`;

/** Rows written per statement. */
const WRITE_BATCH = 500;

/** A text cell as written; a number beyond 2^53 (a 20-digit ICCID typed as a number) is refused. */
function textCell(v: unknown, c: SimColumn): string | null | { lost: string } {
  if (v === null || v === undefined) return c.required ? "" : null;
  if (typeof v === "number" && !Number.isSafeInteger(v)) return { lost: msgNumberCell(c.header) };
  return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();
}

/** One row as the card it describes (what the edit form would submit), or why it cannot be read. */
function editOfRow(r: SheetRow): { edit: Record<string, unknown> } | { lost: string } {
  const edit: Record<string, unknown> = {};
  for (const c of SIM_CARD_COLUMNS) {
    const v = r.cells.get(c.header) ?? null;
    switch (c.kind) {
      case "text": {
        const t = textCell(v, c);
        if (t !== null && typeof t === "object") return t;
        edit[c.key] = t;
        break;
      }
      case "carrier":
      case "status": {
        const t = v === null ? "" : String(v).trim();
        edit[c.key] = (c.kind === "carrier" ? parseSimCarrier(t) : parseSimStatus(t)) ?? t;
        break;
      }
      case "day":
        edit[c.key] = cellValue(v, "date");
        break;
      case "integer":
        edit[c.key] = v === null ? null : cellValue(v, "integer");
        break;
    }
  }
  return { edit };
}

/** Rows of bss_sim_card whose column is one of the values, read in batches (a file holds up to 5,000). */
async function cardsWhere(db: Kysely<Database>, column: "iccid" | "msisdn", values: readonly string[]) {
  const out: { iccid: string; tenant_id: number; vin: string | null; msisdn: string | null }[] = [];
  for (let i = 0; i < values.length; i += WRITE_BATCH) {
    const part = values.slice(i, i + WRITE_BATCH);
    out.push(
      ...(await db
        .selectFrom("bss_sim_card")
        .select(["iccid", "tenant_id", "vin", "msisdn"])
        .where(column, "in", part)
        .execute()),
    );
  }
  return out;
}

/**
 * importSimCards: reads the template's sheet, checks every row like an edit (@tsp/domain
 * `checkSimCardEdit`, with the card's current binding) and against the file and the register
 * (ICCID and MSISDN once per file — only an accepted row claims them — an ICCID of another
 * tenant, an existing ICCID without allowCover, a number another card has), then saves every
 * accepted row in ONE transaction: all of them or, if the database refuses one, none (409).
 * Rejected rows are reported with their Excel row number, ICCID and every reason.
 */
export const importSimCards = defineHandler<"importSimCards">(async ({ request, query, principal }, ctx) => {
  const p = must(principal);
  const allowCover = query.allowCover === true;
  const { buffer } = await importUpload(request);
  // .xlsx only (openapi importSimCards): a 20-digit ICCID survives only as text, which the template's cells are.
  const rows = await readSheet(
    buffer,
    SIM_CARD_COLUMNS.map((c) => c.header),
    ["xlsx"],
  );
  const read = rows.map((r) => ({ r, parsed: editOfRow(r) }));
  const texts = (key: "iccid" | "msisdn") => [
    ...new Set(
      read.flatMap(({ parsed }) => {
        const v = "edit" in parsed ? parsed.edit[key] : null;
        return typeof v === "string" && v !== "" ? [v] : [];
      }),
    ),
  ];
  const existing = new Map((await cardsWhere(ctx.db, "iccid", texts("iccid"))).map((c) => [c.iccid, c]));
  const holders = new Map(
    (await cardsWhere(ctx.db, "msisdn", texts("msisdn"))).flatMap((c) => (c.msisdn ? [[c.msisdn, c.iccid]] : [])),
  );
  const today = chinaDay(ctx.now().getTime());
  const failures: (RowFailure & { key: string })[] = [];
  const created: SimCardEdit[] = [];
  const covered: SimCardEdit[] = [];
  const seenIccids = new Set<string>();
  const seenMsisdns = new Set<string>();
  for (const { r, parsed } of read) {
    const key = String(r.cells.get("ICCID") ?? "").trim();
    const fail = (reason: string) => failures.push({ row: r.row, vin: "", key, reason });
    if ("lost" in parsed) {
      fail(parsed.lost);
      continue;
    }
    if (parsed.edit.iccid === EXAMPLE_ICCID) {
      fail(MSG_EXAMPLE_ROW);
      continue;
    }
    const current = existing.get(String(parsed.edit.iccid));
    const checked = checkSimCardEdit(parsed.edit, { today, boundVin: current?.vin ?? null });
    if (!checked.ok) {
      fail(simCardProblemText(checked.error));
      continue;
    }
    const edit = checked.value;
    if (seenIccids.has(edit.iccid)) {
      fail(MSG_SIM_DUPLICATE_IN_FILE);
      continue;
    }
    if (current && !seesTenant(p, current.tenant_id)) {
      fail(MSG_SIM_OTHER_TENANT);
      continue;
    }
    if (current && !allowCover) {
      fail(MSG_SIM_EXISTS);
      continue;
    }
    if (edit.msisdn !== null) {
      if (seenMsisdns.has(edit.msisdn)) {
        fail(MSG_SIM_MSISDN_DUPLICATE_IN_FILE);
        continue;
      }
      const holder = holders.get(edit.msisdn);
      if (holder !== undefined && holder !== edit.iccid) {
        fail(MSG_SIM_MSISDN_TAKEN);
        continue;
      }
      seenMsisdns.add(edit.msisdn);
    }
    seenIccids.add(edit.iccid);
    (current ? covered : created).push(edit);
  }
  if (created.length + covered.length > 0) {
    const actor = await actorOf(p, ctx);
    const nowMs = ctx.now().getTime();
    const columns = (e: SimCardEdit) => ({
      msisdn: e.msisdn,
      carrier: e.carrier,
      status: e.status,
      activation_date: e.activationDate,
      expiry_date: e.expiryDate,
      data_plan_mb: e.dataPlanMb,
      remark: e.remark,
      update_by: actor.updateBy,
      update_name: actor.updateName,
    });
    // ONE transaction for every accepted row: all of them are saved, or none.
    await savingAll(() =>
      ctx.db.transaction().execute(async (trx) => {
        for (let i = 0; i < created.length; i += WRITE_BATCH) {
          const values: Insertable<SimCardTable>[] = created
            .slice(i, i + WRITE_BATCH)
            .map((e) => ({ iccid: e.iccid, tenant_id: p.tenantId, vin: null, updated_at: nowMs, ...columns(e) }));
          await trx.insertInto("bss_sim_card").values(values).execute();
        }
        for (const e of covered) {
          await trx
            .updateTable("bss_sim_card")
            .set((eb) => ({
              ...columns(e),
              // Strictly above the old version, so an editor holding the old one gets 409.
              updated_at: eb.fn("greatest", [eb.val(nowMs), eb("updated_at", "+", 1)]),
            }))
            .where("iccid", "=", e.iccid)
            .execute();
        }
      }),
    );
  }
  return ok(
    { all: rows.length, success: created.length + covered.length, failed: failures.length, rows: failures },
    IMPORT_DONE_MSG,
  );
});
