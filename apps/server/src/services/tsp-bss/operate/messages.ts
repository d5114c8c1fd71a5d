import {
  checkRecord,
  DEFAULT_MESSAGE_LEVEL,
  MESSAGE_WINDOW_DAYS,
  MessageSettingSchema,
  MSG_MESSAGE_KEY,
  parseMessageKey,
  TAMPER_KIND_LABELS,
} from "@tsp/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { expireCommands } from "../../../gateway/commands/store";
import { badRequest, ok } from "../../../http/envelope";
import { limitOffset } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { remindersSql } from "../../tsp-command/carControl/remind";
import { must } from "../actor";
import { tenantVins } from "../deviceManage/healthRecords";
import { notifyMatchSql } from "../deviceManage/notify";
import { sweepTamper } from "../deviceManage/tamperSweep";
import { groupOf } from "./groups";
import "./tables";

const DAY = 86_400_000;

/** The account's setting, the defaults (level 3, every vehicle, nothing marked) when it has none. */
async function settingOf(db: Kysely<Database>, accountId: number) {
  const row = await db
    .selectFrom("personal_message_setting")
    .selectAll()
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return {
    minLevel: row?.min_level ?? DEFAULT_MESSAGE_LEVEL,
    groupId: row?.group_id ?? null,
    readAllBefore: Number(row?.read_all_before ?? 0),
  };
}

/**
 * The caller's messages as one SQL relation (key, kind, at and the fact's fields), derived from
 * the alarm store, the export tasks and — for an account a 报警通知人员 rule names with 站内消息 —
 * the tamper episodes (防拆报警, swept first by the readers), and — for an account a 车控提醒 rule names
 * with 站内消息 — the remote-control commands that rule tells of (the reminders' own relation, so
 * 车控提醒 and 个人消息 cannot disagree), of the last 30 days, with `read` from the marks.
 */
function messages(p: Principal, s: Awaited<ReturnType<typeof settingOf>>, now: number): RawBuilder<unknown> {
  const since = now - MESSAGE_WINDOW_DAYS * DAY;
  const tenants = sql.join(p.tenantIds.map((t) => sql`${t}`));
  const group =
    s.groupId === null
      ? sql``
      : sql`and a.vin in (select vin from operate_vehicle_group_member where group_id = ${s.groupId})`;
  return sql`(
    select m.*, (m.at <= ${s.readAllBefore} or r.message_key is not null) as read
    from (
      select 'alarm:' || a.id as key, 'alarm' as kind, a.started_at as at, a.id as alarm_id, a.vin as vin,
        a.name as name, a.level as level, a.ended_at as ended_at,
        null::text as task_id, null::text as file_name, null::text as status,
        null::bigint as command_id, null::text as action, null::text as result, null::text as reason
      from gateway_alarm a join vehicle v on v.vin = a.vin
      where v.tenant_id in (${tenants}) and a.started_at >= ${since}
        and ((a.level >= ${s.minLevel} ${group})
          -- 电子围栏: a fence's alarms reach the account that filed it, whatever its level and group.
          or a.id in (select e.alarm_id from geofence_event e join geofence f on f.id = e.fence_id
            where f.owner_account_id = ${p.accountId} and e.alarm_id is not null))
      union all
      select 'export:' || t.id, 'export', floor(extract(epoch from t.finished_at) * 1000)::bigint, null, null,
        null, null, null, t.id::text, t.file_name, t.status, null, null, null, null
      from export_task t
      where t.account_id = ${p.accountId} and t.status in ('done', 'failed') and t.finished_at >= ${new Date(since)}
      union all
      select 'tamper:' || t.id, 'tamper', t.started_at, t.id, t.vin,
        case t.kind when 'removed' then ${TAMPER_KIND_LABELS.removed} else ${TAMPER_KIND_LABELS.powerOff} end,
        t.level, t.ended_at, null, null, null, null, null, null, null
      from bss_tamper_alarm t join bss_alarm_notify n on n.account_id = ${p.accountId}
      where t.vin in ${tenantVins(p.tenantIds)} and t.started_at >= ${since} and ${notifyMatchSql}
      union all
      select r.key, 'carControl', r.ended_at, null, r.vin, null, null, null, null, null, null,
        r.command_id, r.action, r.result, r.reason
      from ${remindersSql(p.tenantIds, now, p.accountId)} r
      where 'site' = any(r.channels)
    ) m
    left join personal_message_read r on r.account_id = ${p.accountId} and r.message_key = m.key
  )`;
}

interface MessageRow {
  key: string;
  kind: "alarm" | "export" | "tamper" | "carControl";
  at: number | string;
  alarm_id: number | string | null;
  vin: string | null;
  name: string | null;
  level: number | null;
  ended_at: number | string | null;
  task_id: string | null;
  file_name: string | null;
  status: "done" | "failed" | null;
  command_id: number | string | null;
  action: string | null;
  result: "failed" | "expired" | "cancelled" | null;
  reason: string | null;
  read: boolean;
}

/**
 * What every reader of the messages does first: tamper episodes swept, and remote-control
 * commands past their TTL expired with the server's clock (so an expiry a 车控提醒 rule tells
 * of is a message on the next read, as in 车控提醒 itself).
 */
async function sweep(ctx: AppContext): Promise<void> {
  const now = ctx.now().getTime();
  await sweepTamper(ctx.db, now);
  await expireCommands(ctx.db, now);
}

async function unreadOf(db: Kysely<Database>, rel: RawBuilder<unknown>, kind?: string): Promise<number> {
  const k = kind === undefined ? sql`` : sql`and kind = ${kind}`;
  const r = await sql<{ n: number }>`select count(*)::int as n from ${rel} x where not read ${k}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export const listPersonalMessages = defineHandler<"listPersonalMessages">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  await sweep(ctx);
  const rel = messages(p, await settingOf(ctx.db, p.accountId), ctx.now().getTime());
  const where = sql.join(
    [sql`true`, ...(query.kind ? [sql`kind = ${query.kind}`] : []), ...(query.unread === true ? [sql`not read`] : [])],
    sql` and `,
  );
  const { limit, offset } = limitOffset(query);
  const [rows, total, unread] = await Promise.all([
    sql<MessageRow>`select * from ${rel} x where ${where} order by at desc, key desc limit ${limit} offset ${offset}`.execute(
      ctx.db,
    ),
    sql<{ n: number }>`select count(*)::int as n from ${rel} x where ${where}`.execute(ctx.db),
    unreadOf(ctx.db, rel, query.kind),
  ]);
  return {
    list: rows.rows.map((m) => ({
      key: m.key,
      kind: m.kind,
      at: Number(m.at),
      read: m.read,
      alarm:
        m.kind === "alarm" || m.kind === "tamper"
          ? {
              id: Number(m.alarm_id),
              vin: String(m.vin),
              name: String(m.name),
              level: Number(m.level),
              endedAt: m.ended_at === null ? null : Number(m.ended_at),
            }
          : null,
      export:
        m.kind === "export"
          ? {
              taskId: String(m.task_id),
              fileName: String(m.file_name),
              status: m.status === "failed" ? ("failed" as const) : ("done" as const),
            }
          : null,
      command:
        m.kind === "carControl"
          ? {
              id: Number(m.command_id),
              vin: String(m.vin),
              action: String(m.action),
              result: m.result ?? ("failed" as const),
              reason: m.reason,
            }
          : null,
    })),
    total: Number(total.rows[0]?.n ?? 0),
    unread,
  };
});

async function unreadCount(ctx: AppContext, p: Principal) {
  await sweep(ctx);
  return unreadOf(ctx.db, messages(p, await settingOf(ctx.db, p.accountId), ctx.now().getTime()));
}

export const countUnreadMessages = defineHandler<"countUnreadMessages">(async ({ principal }, ctx) => ({
  unread: await unreadCount(ctx, must(principal)),
}));

/** Marks the listed keys (only those that are the caller's messages now) or, with all, everything up to now. */
export const markPersonalMessagesRead = defineHandler<"markPersonalMessagesRead">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const now = ctx.now().getTime();
  const keys = body.keys ?? [];
  if (body.all !== true && keys.length === 0)
    throw badRequest(MSG_MESSAGE_KEY, [{ field: "keys", msg: "请选择要标为已读的消息" }]);
  const bad = keys.find((k) => parseMessageKey(k) === null);
  if (bad !== undefined) throw badRequest(MSG_MESSAGE_KEY, [{ field: "keys", msg: `${MSG_MESSAGE_KEY}：${bad}` }]);
  if (body.all === true) {
    await ctx.db
      .insertInto("personal_message_setting")
      .values({ account_id: p.accountId, read_all_before: now })
      .onConflict((c) => c.column("account_id").doUpdateSet({ read_all_before: now }))
      .execute();
  } else {
    const rel = messages(p, await settingOf(ctx.db, p.accountId), now);
    const mine = await sql<{ key: string }>`select key from ${rel} x where key in (${sql.join(keys)})`.execute(ctx.db);
    if (mine.rows.length > 0)
      await ctx.db
        .insertInto("personal_message_read")
        .values(mine.rows.map((r) => ({ account_id: p.accountId, message_key: r.key, read_at: now })))
        .onConflict((c) => c.columns(["account_id", "message_key"]).doNothing())
        .execute();
  }
  return ok({ unread: await unreadCount(ctx, p) }, "已标为已读");
});

async function settingAnswer(ctx: AppContext, p: Principal) {
  const s = await settingOf(ctx.db, p.accountId);
  const group =
    s.groupId === null
      ? undefined
      : await ctx.db.selectFrom("operate_vehicle_group").select("name").where("id", "=", s.groupId).executeTakeFirst();
  return { minLevel: s.minLevel, groupId: s.groupId, groupName: group?.name ?? null };
}

export const getMessageSetting = defineHandler<"getMessageSetting">(async ({ principal }, ctx) =>
  settingAnswer(ctx, must(principal)),
);

export const setMessageSetting = defineHandler<"setMessageSetting">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const r = checkRecord(MessageSettingSchema, body);
  if (!r.ok) {
    const failDetail = Object.entries(r.errors).map(([field, msg]) => ({ field, msg }));
    throw badRequest(failDetail[0]?.msg ?? "", failDetail);
  }
  const { minLevel, groupId } = r.value;
  // A group of another tenant answers 404 (groupOf).
  if (groupId !== null) await groupOf(ctx.db, p.tenantIds, groupId);
  await ctx.db
    .insertInto("personal_message_setting")
    .values({ account_id: p.accountId, min_level: minLevel, group_id: groupId })
    .onConflict((c) => c.column("account_id").doUpdateSet({ min_level: minLevel, group_id: groupId }))
    .execute();
  return ok(await settingAnswer(ctx, p), "设置已保存");
});
