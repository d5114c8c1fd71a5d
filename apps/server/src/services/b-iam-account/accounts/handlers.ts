import {
  adminGuardProblem,
  checkRecord,
  chinaDateTime as chinaTime,
  MSG_PERMIT_ORG,
  MSG_PERMIT_ROLE_NOT_FOUND,
  MSG_PERMIT_SELF_DISABLE,
  maskPermitMobile,
  msgPermitUsernameTaken,
  PERMIT_ACCOUNT_STATE_LABELS,
  PERMIT_MANUAL_LOCK_MS,
  type PermitAccountEdit,
  PermitAccountEditSchema,
  permitAccountState,
  permitActionSuspends,
  permitOrgSubtree,
} from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, invalidField, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { containsPattern, countOf, numberedPage } from "../../../platform/listQuery";
import { inTenants, type Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { must } from "../../tsp-bss/actor";
import { hashPassword, passwordPolicyProblem } from "../passwords";
import {
  accountScope,
  activeAccountRoles,
  adminRoleIds,
  countAdmins,
  inAccountScope,
  type ScopeHolder,
  visibleAccount,
} from "./scope";

type Db = Kysely<Database>;

const COLUMNS = [
  "a.id",
  "a.username",
  "a.real_name",
  "a.mobile",
  "a.email",
  "a.tenant_id",
  "a.org_id",
  "o.name as org_name",
  "a.status",
  "a.failed_count",
  "a.locked_until",
  "a.last_login_at",
  "a.created_at",
] as const;
interface Row {
  id: number;
  username: string;
  real_name: string;
  mobile: string | null;
  email: string | null;
  tenant_id: number;
  org_id: number;
  org_name: string;
  status: "active" | "disabled";
  failed_count: number;
  locked_until: Date | null;
  last_login_at: Date | null;
  created_at: Date;
}

/** Rows as the contract lists them, with the roles each holds (one query for the page). */
async function toAccounts(db: Db, rows: Row[], now: Date) {
  const ids = rows.map((r) => r.id);
  const roles =
    ids.length === 0
      ? []
      : await db
          .selectFrom("account_role as ar")
          .innerJoin("role as r", "r.id", "ar.role_id")
          .select(["ar.account_id", "r.id", "r.name"])
          .where("ar.account_id", "in", ids)
          .orderBy("r.id")
          .execute();
  return rows.map((r) => {
    const lockedUntil = r.locked_until ? r.locked_until.getTime() : null;
    return {
      accountId: r.id,
      username: r.username,
      realName: r.real_name,
      mobile: maskPermitMobile(r.mobile),
      email: r.email ?? "",
      tenantId: r.tenant_id,
      orgId: r.org_id,
      orgName: r.org_name,
      status: r.status,
      state: permitAccountState(r.status, lockedUntil, now.getTime()),
      failedCount: r.failed_count,
      lockedUntil: lockedUntil !== null && lockedUntil > now.getTime() ? lockedUntil : null,
      roles: roles.filter((x) => x.account_id === r.id).map((x) => ({ roleId: x.id, roleName: x.name })),
      lastLoginAt: r.last_login_at ? r.last_login_at.getTime() : null,
      createdAt: r.created_at.getTime(),
    };
  });
}

async function readAccount(db: Db, id: number, now: Date) {
  const row = await db
    .selectFrom("account as a")
    .innerJoin("org as o", "o.id", "a.org_id")
    .select([...COLUMNS])
    .where("a.id", "=", id)
    .executeTakeFirstOrThrow();
  const [account] = await toAccounts(db, [row as Row], now);
  if (!account) throw new Error(`account ${id} vanished`);
  return account;
}

/** The list's filters (also an export task's parameters). */
interface AccountFilter {
  username?: string | undefined;
  realName?: string | undefined;
  mobile?: string | undefined;
  status?: string | undefined;
  roleId?: number | undefined;
  orgId?: number | undefined;
}

/** The accounts (alias `a`, with their organisation `o`) `who` may see, matching the filters. */
async function filteredAccounts(db: Db, who: ScopeHolder, f: AccountFilter, now: Date) {
  const scope = await accountScope(db, who);
  let q = db.selectFrom("account as a").innerJoin("org as o", "o.id", "a.org_id").where(inAccountScope(who, scope));
  if (f.username) q = q.where(sql<SqlBool>`a.username ilike ${containsPattern(f.username)}`);
  if (f.realName) q = q.where(sql<SqlBool>`a.real_name ilike ${containsPattern(f.realName)}`);
  if (f.mobile) q = q.where(sql<SqlBool>`a.mobile like ${containsPattern(f.mobile)}`);
  if (f.status === "disabled") q = q.where("a.status", "=", "disabled");
  if (f.status === "locked") q = q.where("a.status", "=", "active").where("a.locked_until", ">", now);
  if (f.status === "active")
    q = q
      .where("a.status", "=", "active")
      .where((eb) => eb.or([eb("a.locked_until", "is", null), eb("a.locked_until", "<=", now)]));
  if (f.roleId !== undefined)
    q = q.where(
      sql<SqlBool>`exists (select 1 from account_role x where x.account_id = a.id and x.role_id = ${f.roleId})`,
    );
  if (f.orgId !== undefined) {
    const orgs = await db
      .selectFrom("org")
      .select(["id", "parent_id as parentId"])
      .where(inTenants("tenant_id", who))
      .execute();
    q = q.where("a.org_id", "in", permitOrgSubtree(orgs, f.orgId));
  }
  return q;
}

/** listPermitAccounts: the caller's accounts within its data scope, newest first. */
export const listPermitAccounts = defineHandler<"listPermitAccounts">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const { pageNum, pageSize, ...filter } = query;
  const now = ctx.now();
  const page = await numberedPage(
    await filteredAccounts(ctx.db, p, filter, now),
    { pageNum, pageSize },
    {
      order: [
        ["a.created_at", "desc"],
        ["a.id", "desc"],
      ],
    },
    (qb) => qb.select([...COLUMNS]),
  );
  return { list: await toAccounts(ctx.db, page.list as Row[], now), total: page.total };
});

/** exportPermitAccounts: the list's filters as an export task (the submitter's scope applies when it runs). */
export const exportPermitAccounts = defineHandler<"exportPermitAccounts">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ""));
  return ok(await ctx.exports.submit(p, "exportPermitAccounts", params), EXPORT_SUBMITTED_MSG);
});

const chinaDateTime = (ms: number | null) => (ms === null ? "" : chinaTime(ms));

/** The export: one row per account as the list shows it (mobile masked), newest first. */
export const permitAccountExporter: ExportSheet = {
  title: "账号",
  columns: [
    { header: "账号", key: "username", width: 18 },
    { header: "姓名", key: "realName", width: 14 },
    { header: "手机号", key: "mobile", width: 14 },
    { header: "邮箱", key: "email", width: 24 },
    { header: "所属组织", key: "orgName", width: 18 },
    { header: "角色", key: "roles", width: 24 },
    { header: "状态", key: "state", width: 10 },
    { header: "最近登录", key: "lastLoginAt", width: 20 },
    { header: "创建时间", key: "createdAt", width: 20 },
  ],
  total: async (job, ctx) => countOf(await filteredAccounts(ctx.db, job, job.params as AccountFilter, ctx.now())),
  async *rows(job, ctx) {
    const now = ctx.now();
    const rows = (await (
      await filteredAccounts(ctx.db, job, job.params as AccountFilter, now)
    )
      .select([...COLUMNS])
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .execute()) as Row[];
    const accounts = await toAccounts(ctx.db, rows, now);
    yield accounts.map((a) => ({
      username: a.username,
      realName: a.realName,
      mobile: a.mobile,
      email: a.email,
      orgName: a.orgName,
      roles: a.roles.map((r) => r.roleName).join("、"),
      state: PERMIT_ACCOUNT_STATE_LABELS[a.state],
      lastLoginAt: chinaDateTime(a.lastLoginAt),
      createdAt: chinaDateTime(a.createdAt),
    }));
  },
};

/** The domain's checks of the fields, then that organisation and roles are the caller's; 400 with every reason. */
async function checkedFields(db: Db, p: Principal, draft: unknown): Promise<PermitAccountEdit & { tenantId: number }> {
  const checked = checkRecord(PermitAccountEditSchema, draft);
  if (!checked.ok) {
    const failDetail = Object.entries(checked.errors).map(([field, msg]) => ({ field, msg }));
    throw badRequest(failDetail[0]?.msg ?? "", failDetail);
  }
  const edit = checked.value;
  const org = await db
    .selectFrom("org")
    .select("tenant_id")
    .where("id", "=", edit.orgId)
    .where(inTenants("tenant_id", p))
    .executeTakeFirst();
  if (!org) throw invalidField("orgId", MSG_PERMIT_ORG);
  const roles = await db
    .selectFrom("role")
    .select("id")
    .where("id", "in", edit.roleIds)
    .where("tenant_id", "=", org.tenant_id)
    .execute();
  if (roles.length !== new Set(edit.roleIds).size) throw invalidField("roleIds", MSG_PERMIT_ROLE_NOT_FOUND);
  return { ...edit, roleIds: [...new Set(edit.roleIds)], tenantId: org.tenant_id };
}

/** The decrypted password, policy-checked; 400 on the `password` field otherwise. */
async function newPasswordHash(ctx: AppContext, cipher: string): Promise<string> {
  const plain = ctx.secrets.decrypt(cipher);
  if (plain === null) throw invalidField("password", "密码解密失败");
  const policy = passwordPolicyProblem(plain);
  if (policy) throw invalidField("password", policy);
  return hashPassword(plain);
}

/** createPermitAccount: an account in one of the caller's organisations with roles of that tenant. */
export const createPermitAccount = defineHandler<"createPermitAccount">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const edit = await checkedFields(ctx.db, p, body);
  const hash = await newPasswordHash(ctx, body.password);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom("account").select("id").where("username", "=", edit.username).executeTakeFirst();
    if (taken) throw conflict(msgPermitUsernameTaken(edit.username));
    const row = await trx
      .insertInto("account")
      .values({
        tenant_id: edit.tenantId,
        org_id: edit.orgId,
        username: edit.username,
        real_name: edit.realName,
        mobile: edit.mobile || null,
        email: edit.email || null,
        password_hash: hash,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("account_role")
      .values(edit.roleIds.map((roleId) => ({ account_id: row.id, role_id: roleId })))
      .execute();
    return row.id;
  });
  return ok(await readAccount(ctx.db, id, ctx.now()), "账号已创建");
});

/** Refuses taking administration from an account when the guard rails say so (409). */
async function guardAdmin(
  db: Db,
  p: Principal,
  target: { id: number; tenant_id: number },
  adminAfter: (adminRoles: Set<number>) => boolean,
) {
  const adminRoles = await adminRoleIds(db, target.tenant_id);
  const holders = await activeAccountRoles(db, target.tenant_id);
  const adminBefore = (holders.get(target.id) ?? []).some((r) => adminRoles.has(r));
  const problem = adminGuardProblem({
    callerId: p.accountId,
    targetId: target.id,
    adminBefore,
    adminAfter: adminAfter(adminRoles),
    tenantAdmins: countAdmins(holders, adminRoles),
  });
  if (problem) throw conflict(problem);
}

/** updatePermitAccount: name, contact, organisation and the whole set of roles. */
export const updatePermitAccount = defineHandler<"updatePermitAccount">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const target = await visibleAccount(ctx.db, p, body.accountId);
  const edit = await checkedFields(ctx.db, p, { ...body, username: target.username });
  if (edit.tenantId !== target.tenant_id) throw invalidField("orgId", MSG_PERMIT_ORG);
  await ctx.db.transaction().execute(async (trx) => {
    await guardAdmin(trx, p, target, (admin) => edit.roleIds.some((r) => admin.has(r)));
    await trx
      .updateTable("account")
      .set({
        real_name: edit.realName,
        ...(body.mobile === undefined ? {} : { mobile: edit.mobile || null }),
        email: edit.email || null,
        org_id: edit.orgId,
      })
      .where("id", "=", target.id)
      .execute();
    await trx.deleteFrom("account_role").where("account_id", "=", target.id).execute();
    await trx
      .insertInto("account_role")
      .values(edit.roleIds.map((roleId) => ({ account_id: target.id, role_id: roleId })))
      .execute();
  });
  return ok(await readAccount(ctx.db, target.id, ctx.now()), "账号已保存");
});

/** resetPermitAccountPassword: a new password, the lockout lifted, every session of the account ended. */
export const resetPermitAccountPassword = defineHandler<"resetPermitAccountPassword">(
  async ({ body, principal }, ctx) => {
    const p = must(principal);
    const target = await visibleAccount(ctx.db, p, body.accountId);
    const hash = await newPasswordHash(ctx, body.password);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("account")
        .set({ password_hash: hash, failed_count: 0, first_failed_at: null, locked_until: null })
        .where("id", "=", target.id)
        .execute();
      await trx
        .updateTable("access_token")
        .set({ revoked_at: ctx.now() })
        .where("account_id", "=", target.id)
        .where("revoked_at", "is", null)
        .execute();
    });
    return ok(null, "密码已重置，该账号需用新密码重新登录");
  },
);

/** setPermitAccountStatus: enable, disable, lock (24 h) or unlock. */
export const setPermitAccountStatus = defineHandler<"setPermitAccountStatus">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const target = await visibleAccount(ctx.db, p, body.accountId);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (permitActionSuspends(body.action)) {
      if (target.id === p.accountId) throw conflict(MSG_PERMIT_SELF_DISABLE);
      await guardAdmin(trx, p, target, () => false);
    }
    const set =
      body.action === "enable"
        ? { status: "active" as const }
        : body.action === "disable"
          ? { status: "disabled" as const }
          : body.action === "lock"
            ? { locked_until: new Date(now.getTime() + PERMIT_MANUAL_LOCK_MS) }
            : { locked_until: null, failed_count: 0, first_failed_at: null };
    await trx.updateTable("account").set(set).where("id", "=", target.id).execute();
  });
  const done = { enable: "账号已启用", disable: "账号已停用", lock: "账号已锁定", unlock: "账号已解锁" } as const;
  return ok(await readAccount(ctx.db, target.id, now), done[body.action]);
});
