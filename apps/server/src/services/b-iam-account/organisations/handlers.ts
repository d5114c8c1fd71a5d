import {
  MSG_PERMIT_ORG_NAME,
  msgPermitOrgNameTaken,
  PermitOrgNameSchema,
  permitOrgDeleteProblem,
  permitOrgMoveProblem,
} from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import * as v from "valibot";
import type { Database } from "../../../db/schema";
import { conflict, invalidField, notFound, ok } from "../../../http/envelope";
import { inTenants, type Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { must } from "../../tsp-bss/actor";
import { accountScope, inAccountScope } from "../accounts/scope";

type Db = Kysely<Database>;

export const MSG_PERMIT_ORG_NOT_FOUND = "组织不存在";

/** Every organisation of the caller's tenants, each with its accounts (within the caller's data scope). */
async function orgsOf(db: Db, p: Principal) {
  const scope = await accountScope(db, p);
  const rows = await db
    .selectFrom("org as o")
    .select([
      "o.id",
      "o.parent_id",
      "o.tenant_id",
      "o.name",
      "o.sort",
      sql<number>`(select count(*)::int from account a where a.org_id = o.id and ${inAccountScope(p, scope)})`.as("n"),
    ])
    .where(inTenants("o.tenant_id", p))
    .orderBy("o.id")
    .execute();
  return rows.map((r) => ({
    orgId: r.id,
    parentId: r.parent_id,
    tenantId: r.tenant_id,
    name: r.name,
    sort: r.sort,
    accountCount: Number(r.n),
  }));
}

async function orgOf(db: Db, p: Principal, orgId: number, field = "orgId") {
  const all = await orgsOf(db, p);
  const org = all.find((o) => o.orgId === orgId);
  if (!org)
    throw field === "orgId" ? notFound(MSG_PERMIT_ORG_NOT_FOUND) : invalidField(field, MSG_PERMIT_ORG_NOT_FOUND);
  return { org, all };
}

function checkedName(name: unknown): string {
  const r = v.safeParse(PermitOrgNameSchema, name);
  if (!r.success) throw invalidField("name", MSG_PERMIT_ORG_NAME);
  return r.output;
}

async function refuseTakenName(db: Db, tenantId: number, parentId: number, name: string, except: number | null) {
  let q = db
    .selectFrom("org")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("parent_id", "=", parentId)
    .where("name", "=", name);
  if (except !== null) q = q.where("id", "!=", except);
  if (await q.executeTakeFirst()) throw conflict(msgPermitOrgNameTaken(name));
}

/** listPermitOrgs: the whole tree, flat. */
export const listPermitOrgs = defineHandler<"listPermitOrgs">(async ({ principal }, ctx) =>
  orgsOf(ctx.db, must(principal)),
);

/** createPermitOrg: a new organisation last under its parent, in the parent's tenant. */
export const createPermitOrg = defineHandler<"createPermitOrg">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const name = checkedName(body.name);
  const { org: parent } = await orgOf(ctx.db, p, body.parentId, "parentId");
  await refuseTakenName(ctx.db, parent.tenantId, parent.orgId, name, null);
  const last = await ctx.db
    .selectFrom("org")
    .select(sql<number>`coalesce(max(sort), 0)::int`.as("s"))
    .where("parent_id", "=", parent.orgId)
    .executeTakeFirstOrThrow();
  const row = await ctx.db
    .insertInto("org")
    .values({ tenant_id: parent.tenantId, parent_id: parent.orgId, name, sort: Number(last.s) + 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { org } = await orgOf(ctx.db, p, row.id);
  return ok(org, "组织已创建");
});

/** updatePermitOrg: rename and move (same tenant; never under itself or below it). */
export const updatePermitOrg = defineHandler<"updatePermitOrg">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const name = checkedName(body.name);
  const { org, all } = await orgOf(ctx.db, p, body.orgId);
  const parent = all.find((o) => o.orgId === body.parentId);
  if (!parent || parent.tenantId !== org.tenantId) throw invalidField("parentId", MSG_PERMIT_ORG_NOT_FOUND);
  const problem = permitOrgMoveProblem(
    all.map((o) => ({ id: o.orgId, parentId: o.parentId })),
    org.orgId,
    org.parentId === null ? null : parent.orgId,
  );
  if (problem) throw conflict(problem);
  if (org.parentId === null) {
    // A root keeps no parent: only its name changes.
    await ctx.db.updateTable("org").set({ name }).where("id", "=", org.orgId).execute();
  } else {
    await refuseTakenName(ctx.db, org.tenantId, parent.orgId, name, org.orgId);
    await ctx.db.updateTable("org").set({ name, parent_id: parent.orgId }).where("id", "=", org.orgId).execute();
  }
  const { org: saved } = await orgOf(ctx.db, p, org.orgId);
  return ok(saved, "组织已保存");
});

/** deletePermitOrg: an empty organisation that is not a root. */
export const deletePermitOrg = defineHandler<"deletePermitOrg">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { org, all } = await orgOf(ctx.db, p, body.orgId);
  // Every account counts here, not only those the caller's scope shows.
  const accounts = await ctx.db
    .selectFrom("account")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("org_id", "=", org.orgId)
    .executeTakeFirstOrThrow();
  const problem = permitOrgDeleteProblem(
    org.parentId === null,
    all.filter((o) => o.parentId === org.orgId).length,
    Number(accounts.n),
  );
  if (problem) throw conflict(problem);
  await ctx.db.deleteFrom("org").where("id", "=", org.orgId).execute();
  return ok(null, "组织已删除");
});
