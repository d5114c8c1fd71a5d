import { splitServiceCell } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { ApiError, ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { IMPORT_DONE_MSG, type RowFailure, savingAll } from "../ner/imports";
import { plainCells, readSheet } from "../ner/sheet";
import { importUpload } from "../ner/upload";
import { mustEditCatalogue } from "../vehicleModel/platformTenant";
import {
  ABILITY_HEADERS,
  EXAMPLE_MODEL_ID,
  MSG_ABILITY_DUPLICATE_IN_FILE,
  MSG_ABILITY_EXAMPLE_ROW,
  MSG_ABILITY_MODEL_ID,
  MSG_ABILITY_MODEL_MISSING,
  MSG_ABILITY_MODEL_NAME,
} from "./columns";
import { serviceCatalogue } from "./queries";
import { type AbilityTarget, checkedServices, lockedTargets, writeServices } from "./save";

const [ID, NAME, SERVICES] = ABILITY_HEADERS as unknown as [string, string, string];

/** A model id cell: a positive integer (a number cell or digits), else null. */
function modelIdOf(v: unknown): number | null {
  const n = typeof v === "number" ? v : /^\s*\d+\s*$/.test(String(v ?? "")) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** The models named by the file, read in one query. */
async function modelsOf(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, AbilityTarget>();
  const rows = await db
    .selectFrom("bss_model")
    .select(["id", "name", "power_type", "emission_stage", "ability_updated_at"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * importModelAbilities: reads the template's sheet; per row the model (it must exist, once per
 * file, its name — when given — the model's: a shifted row is caught) and its services (names
 * or codes of the catalogue, checked by @tsp/domain's `checkModelAbilities` with the model's
 * drivetrain). Every accepted row replaces its model's list, all in ONE transaction; a rejected
 * row is reported with its Excel row number, model id and every reason, and changes nothing.
 */
export const importModelAbilities = defineHandler<"importModelAbilities">(async ({ request, principal }, ctx) => {
  const p = must(principal);
  await mustEditCatalogue(ctx.db, p);
  const { buffer } = await importUpload(request);
  const rows = await readSheet(buffer, [ID, SERVICES], ["xlsx"]);
  const catalogue = await serviceCatalogue(ctx.db, p);
  const codes = new Set(catalogue.keys());
  const byName = new Map([...catalogue].map(([code, name]) => [name, code]));
  const ids = rows.map((r) => modelIdOf(r.cells.get(ID))).filter((id): id is number => id !== null);
  const models = await modelsOf(ctx.db, [...new Set(ids)]);
  const failures: RowFailure[] = [];
  const accepted: { target: AbilityTarget; services: string[] }[] = [];
  const seen = new Set<number>();
  for (const r of rows) {
    const raw = r.cells.get(ID);
    const fail = (reason: string) =>
      failures.push({ row: r.row, vin: "", key: String(raw ?? ""), reason, data: plainCells(r) });
    const id = modelIdOf(raw);
    if (id === EXAMPLE_MODEL_ID) {
      fail(MSG_ABILITY_EXAMPLE_ROW);
      continue;
    }
    if (id === null) {
      fail(MSG_ABILITY_MODEL_ID);
      continue;
    }
    const target = models.get(id);
    if (!target) {
      fail(MSG_ABILITY_MODEL_MISSING);
      continue;
    }
    const name = r.cells.get(NAME);
    if (name !== null && name !== undefined && String(name).trim() !== target.name) {
      fail(MSG_ABILITY_MODEL_NAME);
      continue;
    }
    if (seen.has(id)) {
      fail(MSG_ABILITY_DUPLICATE_IN_FILE);
      continue;
    }
    const written = splitServiceCell(String(r.cells.get(SERVICES) ?? "")).map((s) => byName.get(s) ?? s);
    try {
      accepted.push({ target, services: checkedServices(written, target, codes) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      fail(error.failDetail.map((d) => d.msg).join("；"));
      continue;
    }
    seen.add(id);
  }
  if (accepted.length > 0) {
    const actor = await actorOf(p, ctx);
    const nowMs = ctx.now().getTime();
    await savingAll(() =>
      ctx.db.transaction().execute(async (trx) => {
        // Locked in id order, so two imports (or a copy) cannot deadlock; versions read again under the lock.
        const locked = new Map(
          (
            await lockedTargets(
              trx,
              accepted.map((a) => a.target.id),
            )
          ).map((t) => [t.id, t]),
        );
        for (const a of accepted) {
          const current = locked.get(a.target.id);
          // Deleted meanwhile: the whole file is refused (savingAll answers 409 on a 23xxx state).
          if (!current) throw Object.assign(new Error("model deleted during import"), { code: "23503" });
          await writeServices(trx, current, a.services, actor, nowMs);
        }
      }),
    );
  }
  return ok({ all: rows.length, success: accepted.length, failed: failures.length, rows: failures }, IMPORT_DONE_MSG);
});
