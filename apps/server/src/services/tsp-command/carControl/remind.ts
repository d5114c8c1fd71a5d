import {
  CarControlRemindSchema,
  checkRecord,
  deliveredChannels,
  MESSAGE_WINDOW_DAYS,
  type NotifyChannel,
  REMOTE_ACTIONS,
  type RemindResult,
  type RemoteGroup,
} from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { expireCommands } from "../../../gateway/commands/store";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { limitOffset } from "../../../platform/listQuery";
import { type DataOf, defineHandler } from "../../defineHandler";
import { actorOf } from "../../tsp-bss/actor";
import "../../../gateway/commands/tables";
import "./tables";

type Rule = DataOf<"listCarControlRemindRules">["list"][number];
const DAY = 86_400_000;

async function rules(db: Kysely<Database>, tenantId: number, f: { vin?: string; id?: number }, limit = 1, offset = 0) {
  let q = db
    .selectFrom("ccs_remind_rule as n")
    .innerJoin("account as a", "a.id", "n.account_id")
    .where("n.tenant_id", "=", tenantId);
  if (f.id !== undefined) q = q.where("n.id", "=", f.id);
  if (f.vin) q = q.where(sql<boolean>`(cardinality(n.vins) = 0 or ${f.vin} = any(n.vins))`);
  const [rows, total] = await Promise.all([
    q.selectAll("n").select(["a.real_name", "a.username"]).orderBy("n.id").limit(limit).offset(offset).execute(),
    q.select((e) => e.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map(
      (r): Rule => ({
        id: r.id,
        accountId: r.account_id,
        accountName: r.real_name,
        username: r.username,
        channels: r.channels,
        results: r.results,
        groups: r.groups,
        vins: r.vins,
        enabled: r.enabled,
        remark: r.remark,
        updatedBy: r.updated_by,
        updatedAt: Number(r.updated_at),
      }),
    ),
  };
}

/** listCarControlRemindRules: the caller's tenant's rules, oldest first; with vin, those that tell of it. */
export const listCarControlRemindRules = defineHandler<"listCarControlRemindRules">(
  async ({ query, principal }, ctx) => {
    const { limit, offset } = limitOffset(query);
    return rules(ctx.db, principal.tenantId, query.vin ? { vin: query.vin } : {}, limit, offset);
  },
);

/** saveCarControlRemindRule: a new rule (one per account) or a changed one, checked by the domain's schema. */
export const saveCarControlRemindRule = defineHandler<"saveCarControlRemindRule">(async ({ body, principal }, ctx) => {
  const { id, ...fields } = body;
  const r = checkRecord(CarControlRemindSchema, fields);
  if (!r.ok) {
    const failDetail = Object.entries(r.errors).map(([field, msg]) => ({ field, msg }));
    throw badRequest(failDetail[0]?.msg ?? "", failDetail);
  }
  const v = r.value;
  const account = await ctx.db
    .selectFrom("account")
    .select("id")
    .where("id", "=", v.accountId)
    .where("tenant_id", "=", principal.tenantId)
    .executeTakeFirst();
  if (!account) throw notFound("账号不存在");
  const actor = await actorOf(principal, ctx);
  const row = {
    account_id: v.accountId,
    channels: [...new Set(v.channels)],
    results: [...new Set(v.results)],
    groups: [...new Set(v.groups)],
    vins: [...new Set(v.vins)],
    enabled: v.enabled,
    remark: v.remark === "" ? null : v.remark,
    updated_by: actor.updateName,
    updated_at: ctx.now().getTime(),
  };
  const taken = await ctx.db
    .selectFrom("ccs_remind_rule")
    .select("id")
    .where("account_id", "=", v.accountId)
    .executeTakeFirst();
  if (taken && taken.id !== id) throw conflict("该人员已在提醒名单中");
  let savedId: number;
  if (id === undefined) {
    savedId = (
      await ctx.db
        .insertInto("ccs_remind_rule")
        .values({ ...row, tenant_id: principal.tenantId })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  } else {
    const upd = await ctx.db
      .updateTable("ccs_remind_rule")
      .set(row)
      .where("id", "=", id)
      .where("tenant_id", "=", principal.tenantId)
      .executeTakeFirst();
    if (Number(upd.numUpdatedRows) === 0) throw notFound("提醒规则不存在");
    savedId = id;
  }
  const saved = await rules(ctx.db, principal.tenantId, { id: savedId });
  return ok(saved.list[0] as Rule, "已保存");
});

export const deleteCarControlRemindRule = defineHandler<"deleteCarControlRemindRule">(
  async ({ body, principal }, ctx) => {
    const d = await ctx.db
      .deleteFrom("ccs_remind_rule")
      .where("id", "=", body.id)
      .where("tenant_id", "=", principal.tenantId)
      .executeTakeFirst();
    if (Number(d.numDeletedRows) === 0) throw notFound("提醒规则不存在");
    return ok(null, "已删除");
  },
);

/** The remote-control group of a command's action, in SQL (from the domain's table of actions). */
const groupSql = sql`case (c.params::jsonb -> 'remote' ->> 'action') ${sql.join(
  Object.entries(REMOTE_ACTIONS).map(([action, a]) => sql`when ${action} then ${a.group}`),
  sql` `,
)} end`;

/**
 * The reminders as one SQL relation: each remote-control command of the tenants that ended
 * failed / expired / cancelled in the last 30 days, once per rule of its tenant that tells of it
 * (the SQL of the domain's `remindMatches`), optionally only the rules of one account (for 个人消息, which does not read it yet).
 */
export function remindersSql(tenantIds: readonly number[], now: number, accountId?: number) {
  const tenants = sql.join(tenantIds.length === 0 ? [sql`-1`] : tenantIds.map((t) => sql`${t}`));
  const account = accountId === undefined ? sql`` : sql`and n.account_id = ${accountId}`;
  return sql`(
    select 'carControl:' || c.id || ':' || n.id as key, c.id as command_id, c.vin, c.state as result, c.reason,
      c.sender, c.finished_at as ended_at, (c.params::jsonb -> 'remote' ->> 'action') as action, ${groupSql} as grp,
      a.real_name as account_name, a.username, n.channels
    from gateway_command c
      join ccs_remind_rule n on n.tenant_id = c.tenant_id
      join account a on a.id = n.account_id
    where c.tenant_id in (${tenants}) and c.kind = 'remoteControl' and c.state in ('failed', 'expired', 'cancelled')
      and c.finished_at >= ${now - MESSAGE_WINDOW_DAYS * DAY} and n.enabled and c.state = any(n.results)
      and ${groupSql} = any(n.groups) and (cardinality(n.vins) = 0 or c.vin = any(n.vins)) ${account}
  )`;
}

interface ReminderRow {
  key: string;
  command_id: number | string;
  vin: string;
  result: RemindResult;
  reason: string | null;
  sender: string;
  ended_at: number | string;
  action: string;
  grp: RemoteGroup;
  account_name: string;
  username: string;
  channels: NotifyChannel[];
}

/**
 * listCarControlReminders: swept on read — commands past their TTL are expired first with the
 * server's clock, so an expiry is reminded of on the next read; newest first.
 */
export const listCarControlReminders = defineHandler<"listCarControlReminders">(async ({ query, principal }, ctx) => {
  const now = ctx.now().getTime();
  await expireCommands(ctx.db, now);
  const rel = remindersSql(principal.tenantIds, now);
  const where = sql.join(
    [
      sql`true`,
      ...(query.vin ? [sql`vin = ${query.vin}`] : []),
      ...(query.result ? [sql`result = ${query.result}`] : []),
    ],
    sql` and `,
  );
  const { limit, offset } = limitOffset(query);
  const [rows, total] = await Promise.all([
    sql<ReminderRow>`select * from ${rel} x where ${where} order by ended_at desc, key desc limit ${limit} offset ${offset}`.execute(
      ctx.db,
    ),
    sql<{ n: number }>`select count(*)::int as n from ${rel} x where ${where}`.execute(ctx.db),
  ]);
  return {
    list: rows.rows.map((r) => {
      const delivered = deliveredChannels(r.channels);
      return {
        key: r.key,
        commandId: Number(r.command_id),
        vin: r.vin,
        action: r.action,
        group: r.grp,
        result: r.result,
        reason: r.reason,
        sender: r.sender,
        endedAt: Number(r.ended_at),
        accountName: r.account_name,
        username: r.username,
        delivered,
        recorded: r.channels.filter((c) => !delivered.includes(c)),
      };
    }),
    total: Number(total.rows[0]?.n ?? 0),
  };
});
