import {
  type ParamEntry,
  type ParamTemplateInput,
  sortedParams,
  type TemplateChange,
  templateChanges,
  templateProblems,
} from "@tsp/domain";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound } from "../../../http/envelope";
import { containsPattern, numberedPage } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { inTenants } from "../../../platform/principal";
import { type DataOf, defineHandler } from "../../defineHandler";
import type { ParamTemplateTable } from "./tables";
import "./tables";

type Template = DataOf<"createParamTemplate">;
const LOG_LIMIT = 200;

export function toTemplate(r: Selectable<ParamTemplateTable>): Template {
  return {
    id: r.id,
    name: r.name,
    protocol: r.protocol,
    params: JSON.parse(r.params) as ParamEntry[],
    remark: r.remark,
    createdBy: r.created_by,
    createdAt: Number(r.created_at),
    updatedBy: r.updated_by,
    updateTime: Number(r.updated_at),
  };
}

/** 400 with every problem of the domain's check, the first as the message. */
function check(t: ParamTemplateInput): void {
  const problems = templateProblems(t);
  if (problems.length > 0) throw badRequest((problems[0] as { msg: string }).msg, problems);
}

export async function templateRow(db: Kysely<Database>, id: number, p: Pick<Principal, "tenantIds">) {
  const row = await db
    .selectFrom("param_template")
    .selectAll()
    .where("id", "=", id)
    .where(inTenants("param_template.tenant_id", p))
    .executeTakeFirst();
  if (!row) throw notFound("未找到该参数模板");
  return row;
}

async function nameTaken(db: Kysely<Database>, tenantId: number, name: string, except?: number): Promise<boolean> {
  let q = db.selectFrom("param_template").select("id").where("tenant_id", "=", tenantId).where("name", "=", name);
  if (except !== undefined) q = q.where("id", "<>", except);
  return (await q.executeTakeFirst()) !== undefined;
}

async function log(
  db: Kysely<Database>,
  e: { templateId: number; tenantId: number; action: "create" | "update" | "delete"; changes: TemplateChange[] },
  by: string,
  at: number,
) {
  await db
    .insertInto("param_template_log")
    .values({
      template_id: e.templateId,
      tenant_id: e.tenantId,
      action: e.action,
      changes: JSON.stringify(e.changes),
      by,
      at,
    })
    .execute();
}

const EMPTY: ParamTemplateInput = { name: "", protocol: "gbt32960", params: [], remark: null };

/** listParamTemplates: newest change first. */
export const listParamTemplates = defineHandler<"listParamTemplates">(async ({ query, principal }, ctx) => {
  let q = ctx.db.selectFrom("param_template").where(inTenants("param_template.tenant_id", principal));
  if (query.keyword) q = q.where("name", "ilike", containsPattern(query.keyword));
  if (query.protocol) q = q.where("protocol", "=", query.protocol);
  const page = await numberedPage(
    q,
    query,
    {
      order: [
        ["updated_at", "desc"],
        ["id", "desc"],
      ],
    },
    (qb) => qb.selectAll(),
  );
  return { list: page.list.map(toTemplate), total: page.total };
});

/** createParamTemplate: checked by the domain, unique name per tenant, logged as created. */
export const createParamTemplate = defineHandler<"createParamTemplate">(async ({ body, principal }, ctx) => {
  check(body);
  const name = body.name.trim();
  if (await nameTaken(ctx.db, principal.tenantId, name)) throw conflict("模板名称已存在");
  const now = ctx.now().getTime();
  const params = sortedParams(body.params);
  const row = await ctx.db.transaction().execute(async (tx) => {
    const r = await tx
      .insertInto("param_template")
      .values({
        tenant_id: principal.tenantId,
        name,
        protocol: body.protocol,
        params: JSON.stringify(params),
        remark: body.remark?.trim() || null,
        created_by: principal.username,
        created_at: now,
        updated_by: principal.username,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const changes = templateChanges(EMPTY, { ...body, params });
    await log(
      tx,
      { templateId: r.id, tenantId: principal.tenantId, action: "create", changes },
      principal.username,
      now,
    );
    return r;
  });
  return toTemplate(row);
});

/** updateParamTemplate: optimistic concurrency on updateTime (row locked for the check and the write). */
export const updateParamTemplate = defineHandler<"updateParamTemplate">(async ({ body, principal }, ctx) => {
  check(body);
  const name = body.name.trim();
  const params = sortedParams(body.params);
  const now = ctx.now().getTime();
  const row = await ctx.db.transaction().execute(async (tx) => {
    const old = await tx
      .selectFrom("param_template")
      .selectAll()
      .where("id", "=", body.id)
      .where(inTenants("param_template.tenant_id", principal))
      .forUpdate()
      .executeTakeFirst();
    if (!old) throw notFound("未找到该参数模板");
    if (Number(old.updated_at) !== body.updateTime)
      throw conflict(`模板“${old.name}”已被${old.updated_by}修改，请刷新后重试`);
    if (await nameTaken(tx, old.tenant_id, name, old.id)) throw conflict("模板名称已存在");
    const before = toTemplate(old);
    const changes = templateChanges(before, { ...body, params });
    const r = await tx
      .updateTable("param_template")
      .set({
        name,
        params: JSON.stringify(params),
        remark: body.remark?.trim() || null,
        updated_by: principal.username,
        updated_at: Math.max(now, Number(old.updated_at) + 1),
      })
      .where("id", "=", old.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (changes.length > 0)
      await log(
        tx,
        { templateId: old.id, tenantId: old.tenant_id, action: "update", changes },
        principal.username,
        now,
      );
    return r;
  });
  return toTemplate(row);
});

/** deleteParamTemplate: the log stays, batches keep their copy (their template_id is set null). */
export const deleteParamTemplate = defineHandler<"deleteParamTemplate">(async ({ body, principal }, ctx) => {
  const row = await templateRow(ctx.db, body.id, principal);
  const now = ctx.now().getTime();
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom("param_template").where("id", "=", row.id).execute();
    await log(
      tx,
      {
        templateId: row.id,
        tenantId: row.tenant_id,
        action: "delete",
        changes: [{ field: "模板名称", before: row.name, after: null }],
      },
      principal.username,
      now,
    );
  });
  return null;
});

/** listParamTemplateLog: newest first; another tenant's template reads as empty. */
export const listParamTemplateLog = defineHandler<"listParamTemplateLog">(async ({ query, principal }, ctx) => {
  const rows = await ctx.db
    .selectFrom("param_template_log")
    .selectAll()
    .where("template_id", "=", query.id)
    .where(inTenants("param_template_log.tenant_id", principal))
    .orderBy("id", "desc")
    .limit(LOG_LIMIT)
    .execute();
  return rows.map((r) => ({
    action: r.action,
    by: r.by,
    at: Number(r.at),
    changes: JSON.parse(r.changes) as TemplateChange[],
  }));
});
