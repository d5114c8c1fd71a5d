import { CHINA_UTC_OFFSET_MS as CHINA_OFFSET_MS } from "@tsp/domain";
import { type SqlBool, sql } from "kysely";
import { inTenants } from "../../platform/principal";
import type { Handler, HandlerInput } from "../types";
import { exportTaskView } from "./exportTaskView";

const who = (input: HandlerInput) => input.principal as NonNullable<HandlerInput["principal"]>;

/** GET getMyInfo: the signed-in account with tenant, organisation and roles. */
export const getMyInfo: Handler = async (input, ctx) => {
  const p = who(input);
  const a = await ctx.db
    .selectFrom("account as a")
    .innerJoin("tenant as t", "t.id", "a.tenant_id")
    .innerJoin("org as o", "o.id", "a.org_id")
    .select([
      "a.id",
      "a.username",
      "a.real_name",
      "a.mobile",
      "a.email",
      "a.tenant_id",
      "t.name as tenant_name",
      "a.org_id",
      "o.name as org_name",
      "a.last_login_at",
    ])
    .where("a.id", "=", p.accountId)
    .executeTakeFirstOrThrow();
  const roles = await ctx.db
    .selectFrom("account_role as ar")
    .innerJoin("role as r", "r.id", "ar.role_id")
    .select(["r.id", "r.name"])
    .where("ar.account_id", "=", p.accountId)
    .orderBy("r.id")
    .execute();
  return {
    userId: a.id,
    username: a.username,
    realName: a.real_name,
    mobile: a.mobile,
    email: a.email,
    tenantId: a.tenant_id,
    tenantName: a.tenant_name,
    orgId: a.org_id,
    orgName: a.org_name,
    roles: roles.map((r) => ({ roleId: r.id, roleName: r.name })),
    lastLoginAt: a.last_login_at ? a.last_login_at.getTime() : null,
  };
};

/** GET getPermissions: menuApis (route paths) and buttonApis, the union over the account's roles. */
export const getPermissions: Handler = async (input, ctx) => {
  const rows = await ctx.db
    .selectFrom("account_role as ar")
    .innerJoin("role_menu as rm", "rm.role_id", "ar.role_id")
    .innerJoin("menu as m", "m.id", "rm.menu_id")
    .select(["m.kind", "m.api", "m.title", "m.order", "m.hidden", "m.icon"])
    .distinct()
    .where("ar.account_id", "=", who(input).accountId)
    // Only menus the tenant may use (租户管理) and the buttons under them, whatever the roles hold.
    .where(sql<SqlBool>`not exists (select 1 from tenant tn where tn.id = ${who(input).tenantId} and tn.menus_restricted)
      or (case when m.kind = 'menu' then m.id else m.parent_id end) in
        (select menu_id from tenant_menu where tenant_id = ${who(input).tenantId})`)
    .orderBy("m.api")
    .execute();
  return {
    menuApis: rows.filter((r) => r.kind === "menu").map((r) => r.api),
    buttonApis: rows.filter((r) => r.kind === "button").map((r) => r.api),
    // How each menu shows (菜单管理 changes them): the side menu reads these over the route table.
    menus: rows
      .filter((r) => r.kind === "menu")
      .map((r) => ({ api: r.api, title: r.title, order: r.order, hidden: r.hidden, icon: r.icon })),
  };
};

const countOn = (rows: { d: number; n: number }[], d: number) => rows.find((r) => r.d === d)?.n ?? 0;

/** GET getHomeOverview: counts of the visible fleet, a week of journal activity, latest exports. */
export const getHomeOverview: Handler = async (input, ctx) => {
  const p = who(input);
  const counts = await ctx.db
    .selectFrom("vehicle")
    .select([sql<number>`count(*)::int`.as("vehicles"), sql<number>`count(iccid)::int`.as("sims")])
    .where(inTenants("vehicle.tenant_id", p))
    .executeTakeFirstOrThrow();
  // Seven China-time days ending today (the spec's users are in UTC+8).
  const today = Math.floor((ctx.now().getTime() + CHINA_OFFSET_MS) / 86_400_000);
  const from = (today - 6) * 86_400_000 - CHINA_OFFSET_MS;
  const day = (table: "vehicle_login_log" | "vehicle_logout_log") =>
    sql<{ d: number; n: number }>`
      select floor((j.ts + ${CHINA_OFFSET_MS}) / 86400000)::int as d, count(*)::int as n
      from ${sql.table(table)} j join vehicle v on v.vin = j.vin
      where j.ts >= ${from} and ${inTenants("v.tenant_id", p)}
      group by 1`.execute(ctx.db);
  const [logins, logouts] = await Promise.all([day("vehicle_login_log"), day("vehicle_logout_log")]);
  const journalActivity = Array.from({ length: 7 }, (_, i) => {
    const d = today - 6 + i;
    return {
      date: new Date(d * 86_400_000).toISOString().slice(0, 10),
      logins: countOn(logins.rows, d),
      logouts: countOn(logouts.rows, d),
    };
  });
  const latest = await ctx.db
    .selectFrom("export_task")
    .selectAll()
    .where("account_id", "=", p.accountId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(5)
    .execute();
  // Terminals are the T-BOX register's (TBOX数据), not the SIM cards: a deregistered one is gone.
  const terminals = await sql<{ n: number }>`
    select count(*)::int as n from bss_tbox t
    where t.state <> 'deregistered' and ${inTenants("t.tenant_id", p)}`.execute(ctx.db);
  return {
    vehicleCount: counts.vehicles,
    terminalCount: Number(terminals.rows[0]?.n ?? 0),
    simCardCount: counts.sims,
    journalActivity,
    latestExports: latest.map(exportTaskView),
  };
};
