import { AlarmNotifySchema, checkRecord } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { limitOffset } from "../../../platform/listQuery";
import { type DataOf, defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import "./healthTables";

type Rule = DataOf<"listAlarmNotify">["list"][number];

async function rules(db: Kysely<Database>, tenantId: number, limit: number, offset: number, id?: number) {
  let q = db
    .selectFrom("bss_alarm_notify as n")
    .innerJoin("account as a", "a.id", "n.account_id")
    .selectAll("n")
    .select(["a.real_name", "a.username"])
    .where("n.tenant_id", "=", tenantId);
  if (id !== undefined) q = q.where("n.id", "=", id);
  const rows = await q.orderBy("n.id").limit(limit).offset(offset).execute();
  return rows.map(
    (r): Rule => ({
      id: r.id,
      accountId: r.account_id,
      accountName: r.real_name,
      username: r.username,
      channels: r.channels as Rule["channels"],
      kinds: r.kinds as Rule["kinds"],
      minLevel: r.min_level,
      regions: r.regions,
      enabled: r.enabled,
      remark: r.remark,
      updatedBy: r.updated_by,
      updatedAt: Number(r.updated_at),
    }),
  );
}

/** listAlarmNotify: the caller's tenant's rules, oldest first. */
export const listAlarmNotify = defineHandler<"listAlarmNotify">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const { limit, offset } = limitOffset(query);
  const total = await ctx.db
    .selectFrom("bss_alarm_notify")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", p.tenantId)
    .executeTakeFirst();
  return { list: await rules(ctx.db, p.tenantId, limit, offset), total: Number(total?.n ?? 0) };
});

/** saveAlarmNotify: a new rule (one per account) or a changed one, checked by the domain's schema. */
export const saveAlarmNotify = defineHandler<"saveAlarmNotify">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { id, ...fields } = body;
  const r = checkRecord(AlarmNotifySchema, fields);
  if (!r.ok) {
    const failDetail = Object.entries(r.errors).map(([field, msg]) => ({ field, msg }));
    throw badRequest(failDetail[0]?.msg ?? "", failDetail);
  }
  const v = r.value;
  const account = await ctx.db
    .selectFrom("account")
    .select("id")
    .where("id", "=", v.accountId)
    .where("tenant_id", "=", p.tenantId)
    .executeTakeFirst();
  if (!account) throw notFound("账号不存在");
  const actor = await actorOf(p, ctx);
  const row = {
    account_id: v.accountId,
    channels: [...new Set(v.channels)],
    kinds: [...new Set(v.kinds)],
    min_level: v.minLevel,
    regions: [...new Set(v.regions)],
    enabled: v.enabled,
    remark: v.remark,
    updated_by: actor.updateName,
    updated_at: ctx.now().getTime(),
  };
  const taken = await ctx.db
    .selectFrom("bss_alarm_notify")
    .select("id")
    .where("account_id", "=", v.accountId)
    .executeTakeFirst();
  if (taken && taken.id !== id) throw conflict("该人员已在通知名单中");
  let savedId: number;
  if (id === undefined) {
    const ins = await ctx.db
      .insertInto("bss_alarm_notify")
      .values({ ...row, tenant_id: p.tenantId })
      .returning("id")
      .executeTakeFirstOrThrow();
    savedId = ins.id;
  } else {
    const upd = await ctx.db
      .updateTable("bss_alarm_notify")
      .set(row)
      .where("id", "=", id)
      .where("tenant_id", "=", p.tenantId)
      .executeTakeFirst();
    if (Number(upd.numUpdatedRows) === 0) throw notFound("通知规则不存在");
    savedId = id;
  }
  const [saved] = await rules(ctx.db, p.tenantId, 1, 0, savedId);
  return ok(saved as Rule, "已保存");
});

export const deleteAlarmNotify = defineHandler<"deleteAlarmNotify">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const d = await ctx.db
    .deleteFrom("bss_alarm_notify")
    .where("id", "=", body.id)
    .where("tenant_id", "=", p.tenantId)
    .executeTakeFirst();
  if (Number(d.numDeletedRows) === 0) throw notFound("通知规则不存在");
  return ok(null, "已删除");
});

/** listAlarmNotifyAccounts: the tenant's enabled accounts for the rule form's select. */
export const listAlarmNotifyAccounts = defineHandler<"listAlarmNotifyAccounts">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const { limit, offset } = limitOffset(query);
  let q = ctx.db.selectFrom("account").where("tenant_id", "=", p.tenantId).where("status", "=", "active");
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((e) => e.or([e("real_name", "ilike", like), e("username", "ilike", like)]));
  }
  const [list, total] = await Promise.all([
    q.select(["id", "real_name", "username"]).orderBy("id").limit(limit).offset(offset).execute(),
    q.select((e) => e.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  return {
    list: list.map((a) => ({ id: a.id, name: a.real_name, username: a.username })),
    total: Number(total?.n ?? 0),
  };
});

/**
 * The SQL of the domain's `notifyMatches` for account `n`'s rule and tamper record `t`. The region
 * is the selling dealer's (a vehicle's sale); a machine of 机械信息 has no sale, so its region is
 * unknown and only rules without a region restriction name it (as for an unsold vehicle).
 */
export const notifyMatchSql = sql`n.enabled and 'site' = any(n.channels) and t.kind = any(n.kinds)
  and t.level >= n.min_level and (cardinality(n.regions) = 0 or substr((
    select d.area_id from bss_vehicle_sale s join bss_dealer d on d.code = s.dealer_code and d.tenant_id = s.tenant_id
    where s.vin = t.vin limit 1), 1, 2) = any(n.regions))`;
