import {
  type CatalogueModelEdit,
  checkCatalogueModelEdit,
  MSG_CATALOGUE_MODEL_TAKEN,
  MSG_CATALOGUE_STALE,
  msgCatalogueInUse,
} from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { mustEditCatalogue } from "./platformTenant";
import { MSG_MODEL_NOT_FOUND, MSG_SERIES_NOT_FOUND, modelColumns, readModel } from "./queries";

/** The domain's checks, as a 400 with every reason on its field. */
function checked(fields: unknown): CatalogueModelEdit {
  const result = checkCatalogueModelEdit(fields);
  if (!result.ok) throw badRequest(result.error[0]?.msg ?? "", result.error);
  return result.value;
}

/** The series exists (404 otherwise) and has no other model of the name (400). */
async function checkPlace(trx: Kysely<Database>, e: CatalogueModelEdit, self: number | null): Promise<void> {
  const series = await trx.selectFrom("bss_series").select("id").where("id", "=", e.seriesId).executeTakeFirst();
  if (!series) throw notFound(MSG_SERIES_NOT_FOUND);
  let same = trx
    .selectFrom("bss_model")
    .select("id")
    .where("series_id", "=", e.seriesId)
    .where("name", "=", e.modelName);
  if (self !== null) same = same.where("id", "<>", self);
  if (await same.executeTakeFirst())
    throw badRequest(MSG_CATALOGUE_MODEL_TAKEN, [{ field: "modelName", msg: MSG_CATALOGUE_MODEL_TAKEN }]);
}

/** createCatalogueModel: a new model under its series (platform tenant only). */
export const createCatalogueModel = defineHandler<"createCatalogueModel">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  await mustEditCatalogue(ctx.db, p);
  const edit = checked(body);
  const actor = await actorOf(p, ctx);
  const nowMs = ctx.now().getTime();
  const id = await ctx.db.transaction().execute(async (trx) => {
    await checkPlace(trx, edit, null);
    const row = await trx
      .insertInto("bss_model")
      .values({
        id: sql<number>`nextval('bss_model_id_seq')`,
        ...modelColumns(edit),
        updated_at: nowMs,
        update_name: actor.updateName,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return ok(await readModel(ctx.db, p, id, true), "保存成功");
});

/**
 * updateCatalogueModel: replaces the editable fields under optimistic concurrency. In one
 * transaction with the row locked: 404, 409 when the version is not the one read, 400 with the
 * domain's reasons or a name taken in the series; then the write, with a version strictly above
 * the old one. A refused edit changes nothing.
 */
export const updateCatalogueModel = defineHandler<"updateCatalogueModel">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  await mustEditCatalogue(ctx.db, p);
  const { modelId, updatedAt, ...fields } = body;
  const actor = await actorOf(p, ctx);
  const nowMs = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("bss_model")
      .select(["id", "updated_at"])
      .where("id", "=", modelId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MSG_MODEL_NOT_FOUND);
    const version = Number(row.updated_at);
    if (version !== updatedAt) throw conflict(MSG_CATALOGUE_STALE);
    const edit = checked(fields);
    await checkPlace(trx, edit, modelId);
    await trx
      .updateTable("bss_model")
      .set({ ...modelColumns(edit), updated_at: Math.max(nowMs, version + 1), update_name: actor.updateName })
      .where("id", "=", modelId)
      .execute();
  });
  return ok(await readModel(ctx.db, p, modelId, true), "保存成功");
});

/**
 * deleteCatalogueModel: deletes a model no vehicle (of any tenant: the catalogue is shared) is
 * of, with its ability list; a model in use answers 409 saying how many vehicles use it.
 */
export const deleteCatalogueModel = defineHandler<"deleteCatalogueModel">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  await mustEditCatalogue(ctx.db, p);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("bss_model")
      .select("id")
      .where("id", "=", query.modelId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MSG_MODEL_NOT_FOUND);
    const used = await trx
      .selectFrom("vehicle")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("model_id", "=", query.modelId)
      .executeTakeFirstOrThrow();
    if (Number(used.n) > 0) throw conflict(msgCatalogueInUse("车型", `${used.n}辆车`));
    // Its ability list goes with it (bss_model_ability: on delete cascade).
    await trx.deleteFrom("bss_model").where("id", "=", query.modelId).execute();
  });
  return ok({ id: query.modelId }, "删除成功");
});
