import {
  CONTENT_STATE_LABELS,
  CONTENT_TYPE_LABELS,
  type ContentEdit,
  type ContentState,
  checkContentEdit,
  chinaMinute,
  contentHasBody,
  contentTransitionRefusal,
  MSG_CONTENT_BODY,
  MSG_CONTENT_MODEL_UNKNOWN,
  MSG_CONTENT_NOT_FOUND,
  MSG_CONTENT_STALE,
} from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { containsPattern, countOf, numberedPage } from "../../../platform/listQuery";
import { inTenants, type Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { sanitizeContentHtml } from "./sanitize";
import "./tables";

type Db = Kysely<Database>;
interface Filter {
  title?: string | undefined;
  contentType?: string | undefined;
  state?: string | undefined;
  modelId?: number | undefined;
}

/** The caller's items matching the list's filters. */
function filtered(db: Db, tenantIds: readonly number[], f: Filter) {
  let q = db.selectFrom("bss_content").where(inTenants("bss_content.tenant_id", { tenantIds }));
  if (f.title) q = q.where(sql<SqlBool>`title ilike ${containsPattern(f.title)}`);
  if (f.contentType) q = q.where("content_type", "=", f.contentType as never);
  if (f.state) q = q.where("state", "=", f.state as never);
  if (f.modelId !== undefined) q = q.where(sql<SqlBool>`model_ids @> ${JSON.stringify([f.modelId])}::jsonb`);
  return q;
}

const COLUMNS = [
  "id",
  "title",
  "content_type",
  "model_ids",
  "publish_from",
  "publish_to",
  "state",
  "updated_at",
  "update_name",
] as const;
interface Row {
  id: number;
  title: string;
  content_type: ContentEdit["contentType"];
  model_ids: unknown;
  publish_from: number | string;
  publish_to: number | string | null;
  state: ContentState;
  updated_at: number | string;
  update_name: string | null;
}

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : JSON.parse(String(v ?? "[]")));
async function modelNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom("bss_model").select(["id", "name"]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
function toRow(r: Row, names: Map<number, string>) {
  const modelIds = idsOf(r.model_ids);
  return {
    contentId: r.id,
    title: r.title,
    contentType: r.content_type,
    modelIds,
    modelNames: modelIds.map((id) => names.get(id) ?? String(id)),
    publishFrom: Number(r.publish_from),
    publishTo: r.publish_to === null ? null : Number(r.publish_to),
    state: r.state,
    updatedAt: Number(r.updated_at),
    updateName: r.update_name,
  };
}

async function readContent(db: Db, p: Principal, id: number) {
  const row = await db
    .selectFrom("bss_content")
    .select([...COLUMNS, "body"])
    .where("id", "=", id)
    .where(inTenants("bss_content.tenant_id", p))
    .executeTakeFirst();
  if (!row) throw notFound(MSG_CONTENT_NOT_FOUND);
  return { ...toRow(row as Row, await modelNames(db)), body: row.body };
}

/** The domain's checks, the models' existence and the server's sanitising; every reason as one 400. */
async function checkedEdit(db: Db, input: unknown): Promise<ContentEdit> {
  const checked = checkContentEdit(input);
  if (!checked.ok) throw badRequest(checked.error[0]?.msg ?? "", [...checked.error]);
  const edit = { ...checked.value, body: sanitizeContentHtml(checked.value.body) };
  const known = await modelNames(db);
  const problems = [
    ...(edit.modelIds.every((id) => known.has(id)) ? [] : [{ field: "modelIds", msg: MSG_CONTENT_MODEL_UNKNOWN }]),
    ...(contentHasBody(edit.body) ? [] : [{ field: "body", msg: MSG_CONTENT_BODY }]),
  ];
  if (problems.length > 0) throw badRequest(problems[0]?.msg ?? "", problems);
  return edit;
}

const valuesOf = (e: ContentEdit) => ({
  title: e.title,
  content_type: e.contentType,
  model_ids: JSON.stringify(e.modelIds),
  publish_from: e.publishFrom,
  publish_to: e.publishTo,
  body: e.body,
});

/** listContents: a numbered page of the caller's items, newest change first. */
export const listContents = defineHandler<"listContents">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  const names = await modelNames(ctx.db);
  const page = await numberedPage(
    filtered(ctx.db, must(principal).tenantIds, filter),
    { pageNum, pageSize },
    {
      order: [
        ["updated_at", "desc"],
        ["id", "desc"],
      ],
    },
    (q) => q.select([...COLUMNS]),
  );
  return { list: (page.list as Row[]).map((r) => toRow(r, names)), total: page.total };
});

/** getContent: one item with its stored (sanitised) body. */
export const getContent = defineHandler<"getContent">(async ({ query, principal }, ctx) =>
  readContent(ctx.db, must(principal), query.contentId),
);

/** createContent: a draft in the caller's own tenant, its body sanitised. */
export const createContent = defineHandler<"createContent">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const edit = await checkedEdit(ctx.db, body);
  const actor = await actorOf(p, ctx);
  const row = await ctx.db
    .insertInto("bss_content")
    .values({
      tenant_id: p.tenantId,
      ...valuesOf(edit),
      state: "draft",
      updated_at: ctx.now().getTime(),
      update_by: actor.updateBy,
      update_name: actor.updateName,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return ok(await readContent(ctx.db, p, row.id), "保存成功");
});

/**
 * The item locked for a change: 404 when the caller does not hold it, 409 when its version is
 * not the one the operator read or when its state refuses the action.
 */
async function lockedFor(
  trx: Db,
  p: Principal,
  id: number,
  updatedAt: number | undefined,
  action: "edit" | "delete" | "publish" | "offline",
) {
  const row = await trx
    .selectFrom("bss_content")
    .select(["id", "state", "updated_at"])
    .where("id", "=", id)
    .where(inTenants("bss_content.tenant_id", p))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(MSG_CONTENT_NOT_FOUND);
  const version = Number(row.updated_at);
  if (updatedAt !== undefined && version !== updatedAt) throw conflict(MSG_CONTENT_STALE);
  const refusal = contentTransitionRefusal(action, row.state);
  if (refusal !== null) throw conflict(refusal);
  return version;
}

/** updateContent: replaces the fields of a draft or taken-down item under optimistic concurrency. */
export const updateContent = defineHandler<"updateContent">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { contentId, updatedAt, ...fields } = body;
  const actor = await actorOf(p, ctx);
  const nowMs = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const version = await lockedFor(trx, p, contentId, updatedAt, "edit");
    const edit = await checkedEdit(trx, fields);
    await trx
      .updateTable("bss_content")
      .set({
        ...valuesOf(edit),
        updated_at: Math.max(nowMs, version + 1),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("id", "=", contentId)
      .execute();
  });
  return ok(await readContent(ctx.db, p, contentId), "保存成功");
});

/** deleteContent: a draft only. */
export const deleteContent = defineHandler<"deleteContent">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  await ctx.db.transaction().execute(async (trx) => {
    await lockedFor(trx, p, query.contentId, undefined, "delete");
    await trx.deleteFrom("bss_content").where("id", "=", query.contentId).execute();
  });
  return ok({ key: String(query.contentId) }, "删除成功");
});

async function transition(
  ctx: AppContext,
  principal: Principal | null,
  body: { contentId: number; updatedAt: number },
  action: "publish" | "offline",
) {
  const p = must(principal);
  const actor = await actorOf(p, ctx);
  const nowMs = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const version = await lockedFor(trx, p, body.contentId, body.updatedAt, action);
    await trx
      .updateTable("bss_content")
      .set({
        state: action === "publish" ? "published" : "offline",
        updated_at: Math.max(nowMs, version + 1),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("id", "=", body.contentId)
      .execute();
  });
  return ok(await readContent(ctx.db, p, body.contentId), action === "publish" ? "发布成功" : "下线成功");
}

/** publishContent: a draft or taken-down item becomes published. */
export const publishContent = defineHandler<"publishContent">(async ({ body, principal }, ctx) =>
  transition(ctx, principal, body, "publish"),
);

/** offlineContent: a published item is taken down. */
export const offlineContent = defineHandler<"offlineContent">(async ({ body, principal }, ctx) =>
  transition(ctx, principal, body, "offline"),
);

/** exportContents: the list's filters as an export task. */
export const exportContents = defineHandler<"exportContents">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ""));
  return ok(await ctx.exports.submit(p, "exportContents", params), EXPORT_SUBMITTED_MSG);
});

const chinaDateTime = chinaMinute;

/** The export: one row per item (no body), newest change first. */
export const contentExporter: ExportSheet = {
  title: "车载内容",
  columns: [
    { header: "标题", key: "title", width: 30 },
    { header: "类型", key: "type", width: 10 },
    { header: "适用车型", key: "models", width: 40 },
    { header: "发布时间", key: "from", width: 18 },
    { header: "下线时间", key: "to", width: 18 },
    { header: "状态", key: "state", width: 10 },
    { header: "修改人", key: "updateName", width: 14 },
    { header: "修改时间", key: "updatedAt", width: 18 },
  ],
  total: (job, ctx) => countOf(filtered(ctx.db, job.tenantIds, job.params as Filter)),
  async *rows(job, ctx) {
    const names = await modelNames(ctx.db);
    const rows = (await filtered(ctx.db, job.tenantIds, job.params as Filter)
      .select([...COLUMNS])
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .execute()) as Row[];
    yield rows.map((r) => {
      const c = toRow(r, names);
      return {
        title: c.title,
        type: CONTENT_TYPE_LABELS[c.contentType],
        models: c.modelNames.join("、"),
        from: chinaDateTime(c.publishFrom),
        to: c.publishTo === null ? "" : chinaDateTime(c.publishTo),
        state: CONTENT_STATE_LABELS[c.state],
        updateName: c.updateName ?? "",
        updatedAt: c.updatedAt > 0 ? chinaDateTime(c.updatedAt) : "",
      };
    });
  },
};
