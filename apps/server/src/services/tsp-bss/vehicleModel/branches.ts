import {
  CatalogueBrandEditSchema,
  CatalogueSeriesEditSchema,
  MSG_CATALOGUE_BRAND_TAKEN,
  MSG_CATALOGUE_SERIES_TAKEN,
  MSG_CATALOGUE_STALE,
  msgCatalogueInUse,
} from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import * as v from "valibot";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { mayEditCatalogue, mustEditCatalogue } from "./platformTenant";
import { MSG_BRAND_NOT_FOUND, MSG_OEM_NOT_FOUND, MSG_SERIES_NOT_FOUND } from "./queries";
import "./tables";

/** The domain's schema of a brand or series form, as a 400 with every reason on its field. */
function parsed<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const detail = result.issues.map((i) => ({ field: String(i.path?.[0]?.key ?? ""), msg: i.message }));
  throw badRequest(detail[0]?.msg ?? "", detail);
}

const brandRows = (db: Kysely<Database>) =>
  db
    .selectFrom("bss_brand as b")
    .innerJoin("bss_oem as o", "o.id", "b.oem_id")
    .select([
      "b.id",
      "b.name",
      "o.id as oem_id",
      "o.name as oem_name",
      "b.updated_at",
      sql<number>`(select count(*)::int from bss_series s where s.brand_id = b.id)`.as("children"),
    ]);
const seriesRows = (db: Kysely<Database>) =>
  db
    .selectFrom("bss_series as s")
    .innerJoin("bss_brand as b", "b.id", "s.brand_id")
    .select([
      "s.id",
      "s.name",
      "b.id as brand_id",
      "b.name as brand_name",
      "s.updated_at",
      sql<number>`(select count(*)::int from bss_model m where m.series_id = s.id)`.as("children"),
    ]);

type BrandRow = Awaited<ReturnType<ReturnType<typeof brandRows>["executeTakeFirstOrThrow"]>>;
type SeriesRow = Awaited<ReturnType<ReturnType<typeof seriesRows>["executeTakeFirstOrThrow"]>>;
const toBrand = (r: BrandRow, editable: boolean) => ({
  brandId: r.id,
  brandName: r.name,
  oemId: r.oem_id,
  oemName: r.oem_name,
  seriesCount: Number(r.children),
  editable,
  updatedAt: Number(r.updated_at),
});
const toSeries = (r: SeriesRow, editable: boolean) => ({
  seriesId: r.id,
  seriesName: r.name,
  brandId: r.brand_id,
  brandName: r.brand_name,
  modelCount: Number(r.children),
  editable,
  updatedAt: Number(r.updated_at),
});

/** listCatalogueBranches: every brand and series with its children's count and version. */
export const listCatalogueBranches = defineHandler<"listCatalogueBranches">(async ({ principal }, ctx) => {
  const editable = await mayEditCatalogue(ctx.db, must(principal));
  const [brands, series] = await Promise.all([
    brandRows(ctx.db).orderBy("b.id").execute(),
    seriesRows(ctx.db).orderBy("s.id").execute(),
  ]);
  return { brands: brands.map((r) => toBrand(r, editable)), series: series.map((r) => toSeries(r, editable)) };
});

/** The row to save, locked: 404 when it is gone, 409 when its version is not the one read. */
async function lockedVersion(
  trx: Kysely<Database>,
  table: "bss_brand" | "bss_series",
  id: number,
  updatedAt: number | null,
  missing: string,
): Promise<number> {
  const row = await trx.selectFrom(table).select("updated_at").where("id", "=", id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(missing);
  const version = Number(row.updated_at);
  if (version !== updatedAt) throw conflict(MSG_CATALOGUE_STALE);
  return version;
}

/** saveCatalogueBrand: creates (brandId null) or saves a brand; names unique per manufacturer. */
export const saveCatalogueBrand = defineHandler<"saveCatalogueBrand">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  await mustEditCatalogue(ctx.db, p);
  const edit = parsed(CatalogueBrandEditSchema, { oemId: body.oemId, brandName: body.brandName });
  const actor = await actorOf(p, ctx);
  const nowMs = ctx.now().getTime();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const version =
      body.brandId === null
        ? null
        : await lockedVersion(trx, "bss_brand", body.brandId, body.updatedAt, MSG_BRAND_NOT_FOUND);
    if (!(await trx.selectFrom("bss_oem").select("id").where("id", "=", edit.oemId).executeTakeFirst()))
      throw notFound(MSG_OEM_NOT_FOUND);
    let same = trx
      .selectFrom("bss_brand")
      .select("id")
      .where("oem_id", "=", edit.oemId)
      .where("name", "=", edit.brandName);
    if (body.brandId !== null) same = same.where("id", "<>", body.brandId);
    if (await same.executeTakeFirst())
      throw badRequest(MSG_CATALOGUE_BRAND_TAKEN, [{ field: "brandName", msg: MSG_CATALOGUE_BRAND_TAKEN }]);
    const values = { oem_id: edit.oemId, name: edit.brandName, update_name: actor.updateName };
    if (body.brandId === null || version === null)
      return (
        await trx
          .insertInto("bss_brand")
          .values({ id: sql<number>`nextval('bss_brand_id_seq')`, ...values, updated_at: nowMs })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    await trx
      .updateTable("bss_brand")
      .set({ ...values, updated_at: Math.max(nowMs, version + 1) })
      .where("id", "=", body.brandId)
      .execute();
    return body.brandId;
  });
  const row = await brandRows(ctx.db).where("b.id", "=", id).executeTakeFirstOrThrow();
  return ok(toBrand(row, true), "保存成功");
});

/** saveCatalogueSeries: creates (seriesId null) or saves a series; names unique per brand. */
export const saveCatalogueSeries = defineHandler<"saveCatalogueSeries">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  await mustEditCatalogue(ctx.db, p);
  const edit = parsed(CatalogueSeriesEditSchema, { brandId: body.brandId, seriesName: body.seriesName });
  const actor = await actorOf(p, ctx);
  const nowMs = ctx.now().getTime();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const version =
      body.seriesId === null
        ? null
        : await lockedVersion(trx, "bss_series", body.seriesId, body.updatedAt, MSG_SERIES_NOT_FOUND);
    if (!(await trx.selectFrom("bss_brand").select("id").where("id", "=", edit.brandId).executeTakeFirst()))
      throw notFound(MSG_BRAND_NOT_FOUND);
    let same = trx
      .selectFrom("bss_series")
      .select("id")
      .where("brand_id", "=", edit.brandId)
      .where("name", "=", edit.seriesName);
    if (body.seriesId !== null) same = same.where("id", "<>", body.seriesId);
    if (await same.executeTakeFirst())
      throw badRequest(MSG_CATALOGUE_SERIES_TAKEN, [{ field: "seriesName", msg: MSG_CATALOGUE_SERIES_TAKEN }]);
    const values = { brand_id: edit.brandId, name: edit.seriesName, update_name: actor.updateName };
    if (body.seriesId === null || version === null)
      return (
        await trx
          .insertInto("bss_series")
          .values({ id: sql<number>`nextval('bss_series_id_seq')`, ...values, updated_at: nowMs })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    await trx
      .updateTable("bss_series")
      .set({ ...values, updated_at: Math.max(nowMs, version + 1) })
      .where("id", "=", body.seriesId)
      .execute();
    return body.seriesId;
  });
  const row = await seriesRows(ctx.db).where("s.id", "=", id).executeTakeFirstOrThrow();
  return ok(toSeries(row, true), "保存成功");
});

/** deleteCatalogueBrand: a brand without series; one with series answers 409. */
export const deleteCatalogueBrand = defineHandler<"deleteCatalogueBrand">(async ({ query, principal }, ctx) => {
  await mustEditCatalogue(ctx.db, must(principal));
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("bss_brand")
      .select("id")
      .where("id", "=", query.brandId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MSG_BRAND_NOT_FOUND);
    const n = await trx
      .selectFrom("bss_series")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("brand_id", "=", query.brandId)
      .executeTakeFirstOrThrow();
    if (Number(n.n) > 0) throw conflict(msgCatalogueInUse("品牌", `${n.n}个车系`));
    await trx.deleteFrom("bss_brand").where("id", "=", query.brandId).execute();
  });
  return ok({ id: query.brandId }, "删除成功");
});

/** deleteCatalogueSeries: a series without models; one with models answers 409. */
export const deleteCatalogueSeries = defineHandler<"deleteCatalogueSeries">(async ({ query, principal }, ctx) => {
  await mustEditCatalogue(ctx.db, must(principal));
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("bss_series")
      .select("id")
      .where("id", "=", query.seriesId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MSG_SERIES_NOT_FOUND);
    const n = await trx
      .selectFrom("bss_model")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("series_id", "=", query.seriesId)
      .executeTakeFirstOrThrow();
    if (Number(n.n) > 0) throw conflict(msgCatalogueInUse("车系", `${n.n}个车型`));
    await trx.deleteFrom("bss_series").where("id", "=", query.seriesId).execute();
  });
  return ok({ id: query.seriesId }, "删除成功");
});
