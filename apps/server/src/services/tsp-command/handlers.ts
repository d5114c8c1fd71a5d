import {
  encodeParamQuery,
  encodeParamSet,
  encodeTerminalControl,
  type ParamEntry,
  paramValueProblem,
  type RemoteAction,
  type RemoteControl,
  type RemoteGroup,
  remoteActionGroup,
  remoteControlProblem,
  type TerminalControl,
  terminalControlProblem,
} from "@tsp/domain";
import type { AppContext } from "../../context";
import {
  type CommandRow,
  cancelCommand as cancel,
  commandRow,
  expireCommands,
  queueCommand,
} from "../../gateway/commands/store";
import type { CommandKind, CommandState } from "../../gateway/commands/tables";
import "../../gateway/commands/tables";
import "../tsp-hbase-proxy/tables";
import { badRequest, invalidField, notFound } from "../../http/envelope";
import { numberedPage, where } from "../../platform/listQuery";
import type { Principal } from "../../platform/principal";
import { inTenants } from "../../platform/principal";
import { defineHandler } from "../defineHandler";
import { remoteServiceCheck } from "./carControl/subscriptions";

/** 400 with the domain's Chinese message as it stands, on the field it is about. */
const refuse = (field: string, msg: string) => badRequest(msg, [{ field, msg }]);

/** Ten minutes unless the operator chooses (openapi TtlSeconds). */
const DEFAULT_TTL_S = 600;
const TIMELINE_LIMIT = 200;

/** A command as openapi's Command. */
export function toCommand(r: CommandRow) {
  return {
    id: r.id,
    vin: r.vin,
    kind: r.kind,
    params: JSON.parse(r.params) as {
      ids?: number[];
      params?: ParamEntry[];
      control?: TerminalControl;
      remote?: RemoteControl;
    },
    sender: r.sender,
    state: r.state,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    sentAt: r.sent_at,
    acknowledgedAt: r.acknowledged_at,
    finishedAt: r.finished_at,
    reason: r.reason,
    answer: r.answer === null ? null : (JSON.parse(r.answer) as { params: ParamEntry[] }),
  };
}

/** The vehicle's tenant when the caller sees it; 400 on the VIN field otherwise (another tenant's VIN is not revealed). */
async function vehicleTenant(ctx: AppContext, vin: string, principal: Principal): Promise<number> {
  const row = await ctx.db
    .selectFrom("vehicle")
    .select("tenant_id")
    .where("vin", "=", vin)
    .where(inTenants("vehicle.tenant_id", principal))
    .executeTakeFirst();
  if (!row) throw invalidField("vin", "未找到该VIN的车辆");
  return Number(row.tenant_id);
}

async function queue(
  ctx: AppContext,
  principal: Principal,
  vin: string,
  kind: CommandKind,
  params: unknown,
  ttlSeconds: number | undefined,
) {
  const tenantId = await vehicleTenant(ctx, vin, principal);
  const row = await queueCommand(
    ctx.db,
    { tenantId, vin, kind, params, sender: principal.username, ttlMs: (ttlSeconds ?? DEFAULT_TTL_S) * 1000 },
    ctx.now().getTime(),
  );
  return toCommand(row);
}

/** sendParamQuery: the ids checked by the domain's encoder (a dry run with the clock's time). */
export const sendParamQuery = defineHandler<"sendParamQuery">(async ({ body, principal }, ctx) => {
  const check = encodeParamQuery({ collectedAt: ctx.now().getTime(), ids: body.ids });
  if (!check.ok) throw refuse("ids", check.error.message);
  return queue(ctx, principal, body.vin, "paramQuery", { ids: body.ids }, body.ttlSeconds);
});

/** sendParamSet: every value checked by the domain (its message names the parameter). */
export const sendParamSet = defineHandler<"sendParamSet">(async ({ body, principal }, ctx) => {
  const params = body.params.map((p) => ({ id: p.id, value: p.value }));
  for (const [i, p] of params.entries()) {
    const problem = paramValueProblem(p.id, p.value);
    if (problem) throw refuse(`params[${i}].value`, problem);
  }
  const check = encodeParamSet({ collectedAt: ctx.now().getTime(), params });
  if (!check.ok) throw refuse("params", check.error.message);
  return queue(ctx, principal, body.vin, "paramSet", { params }, body.ttlSeconds);
});

/** sendTerminalControl: the alarm needs its level; the domain checks the rest. */
export const sendTerminalControl = defineHandler<"sendTerminalControl">(async ({ body, principal }, ctx) => {
  let control: TerminalControl;
  if (body.command === "alarm") {
    if (body.level === undefined) throw refuse("level", "请选择报警等级");
    control = { command: "alarm", level: body.level, text: body.text ?? "" };
  } else {
    control = { command: body.command };
  }
  const problem = terminalControlProblem(control);
  if (problem) throw refuse(control.command === "alarm" ? "text" : "command", problem);
  const check = encodeTerminalControl({ collectedAt: ctx.now().getTime(), control });
  if (!check.ok) throw refuse("command", check.error.message);
  return queue(ctx, principal, body.vin, "terminalControl", { control }, body.ttlSeconds);
});

/** Wake-up waits 90 s by default: SAIC's 75 + 10 s (telematics-facts.md §6), rounded up. */
const DEFAULT_WAKE_TTL_S = 90;

/** sendWakeUp: the gateway sends the SMS (queued → smsSent) and the login finishes it. */
export const sendWakeUp = defineHandler<"sendWakeUp">(async ({ body, principal }, ctx) =>
  queue(ctx, principal, body.vin, "wakeUp", {}, body.ttlSeconds ?? DEFAULT_WAKE_TTL_S),
);

/** One handler per group of remote-control actions (each its own permission); the domain checks the value. */
function remoteHandler(group: RemoteGroup) {
  return async (
    {
      body,
      principal,
    }: { body: { vin: string; action: string; value?: number; ttlSeconds?: number }; principal: Principal },
    ctx: AppContext,
  ) => {
    if (remoteActionGroup(body.action) !== group) throw refuse("action", "该操作不属于此类远程控制");
    const remote: RemoteControl =
      body.value === undefined
        ? { action: body.action as RemoteAction }
        : { action: body.action as RemoteAction, value: body.value };
    const problem = remoteControlProblem(remote);
    if (problem) throw refuse("value", problem);
    // 车控服务: only a group the vehicle's subscription in force includes (after the tenant check, so another tenant's VIN still reads 未找到).
    await vehicleTenant(ctx, body.vin, principal);
    const unserved = await remoteServiceCheck(ctx.db, body.vin, group, ctx.now().getTime());
    if (unserved) throw refuse("vin", unserved);
    return queue(ctx, principal, body.vin, "remoteControl", { remote }, body.ttlSeconds);
  };
}
export const sendRemoteLock = defineHandler<"sendRemoteLock">(remoteHandler("lock"));
export const sendRemoteFindCar = defineHandler<"sendRemoteFindCar">(remoteHandler("findCar"));
export const sendRemoteClimate = defineHandler<"sendRemoteClimate">(remoteHandler("climate"));
export const sendRemoteWindows = defineHandler<"sendRemoteWindows">(remoteHandler("windows"));
export const sendRemoteEngine = defineHandler<"sendRemoteEngine">(remoteHandler("engine"));

async function commandOf(ctx: AppContext, id: number, principal: Principal): Promise<CommandRow> {
  const row = await ctx.db
    .selectFrom("gateway_command")
    .selectAll()
    .where("id", "=", id)
    .where(inTenants("gateway_command.tenant_id", principal))
    .executeTakeFirst();
  if (!row) throw notFound("未找到该命令");
  return commandRow(row);
}

const STATE_NAMES: Readonly<Record<CommandState, string>> = {
  queued: "排队中",
  smsSent: "唤醒短信已发送",
  sent: "已下发",
  acknowledged: "已应答",
  success: "成功",
  failed: "失败",
  expired: "已过期",
  cancelled: "已撤销",
};

/** cancelCommand: only while queued. */
export const cancelCommand = defineHandler<"cancelCommand">(async ({ body, principal }, ctx) => {
  const now = ctx.now().getTime();
  await expireCommands(ctx.db, now);
  const row = await commandOf(ctx, body.id, principal);
  if (!(await cancel(ctx.db, row.id, principal.tenantIds, principal.username, now))) {
    throw refuse("id", `命令${STATE_NAMES[row.state]}，只能撤销排队中的命令`);
  }
  return toCommand(await commandOf(ctx, row.id, principal));
});

/** listCommands: newest first, after the TTL sweep. */
export const listCommands = defineHandler<"listCommands">(async ({ query, principal }, ctx) => {
  await expireCommands(ctx.db, ctx.now().getTime());
  const q = where(ctx.db.selectFrom("gateway_command"), {
    tenant: ["gateway_command.tenant_id", principal],
    filters: (f) => [f.exact("vin", query.vin), f.exact("kind", query.kind), f.exact("state", query.state)],
  });
  const page = await numberedPage(
    q,
    { pageNum: query.pageNum, pageSize: query.pageSize },
    { order: [["id", "desc"]] },
    (qb) => qb.selectAll(),
  );
  return { list: page.list.map((r) => toCommand(commandRow(r))), total: page.total };
});

/** getCommand: the command with its transitions in order. */
export const getCommand = defineHandler<"getCommand">(async ({ query, principal }, ctx) => {
  await expireCommands(ctx.db, ctx.now().getTime());
  const row = await commandOf(ctx, query.id, principal);
  const events = await ctx.db
    .selectFrom("gateway_command_event")
    .select(["state", "at", "note"])
    .where("command_id", "=", row.id)
    .orderBy("id")
    .execute();
  return {
    ...toCommand(row),
    answerHex: row.answer_hex,
    requestHex: row.request_hex,
    events: events.map((e) => ({ state: e.state, at: Number(e.at), note: e.note })),
  };
});

/** getCommandTimeline: the VIN's command transitions, logins and logouts, newest first. */
export const getCommandTimeline = defineHandler<"getCommandTimeline">(async ({ query, principal }, ctx) => {
  await expireCommands(ctx.db, ctx.now().getTime());
  const visible = await ctx.db
    .selectFrom("vehicle")
    .select("vin")
    .where("vin", "=", query.vin)
    .where(inTenants("vehicle.tenant_id", principal))
    .executeTakeFirst();
  if (!visible) return [];
  const [events, logins, logouts, wakeLogins] = await Promise.all([
    ctx.db
      .selectFrom("gateway_command_event as e")
      .innerJoin("gateway_command as c", "c.id", "e.command_id")
      .select(["e.id", "e.state", "e.at", "e.note", "c.id as commandId", "c.kind"])
      .where("c.vin", "=", query.vin)
      .where(inTenants("c.tenant_id", principal))
      .orderBy("e.at", "desc")
      .orderBy("e.id", "desc")
      .limit(TIMELINE_LIMIT)
      .execute(),
    ctx.db
      .selectFrom("vehicle_login_log")
      .select("ts")
      .where("vin", "=", query.vin)
      .orderBy("ts", "desc")
      .limit(TIMELINE_LIMIT)
      .execute(),
    ctx.db
      .selectFrom("vehicle_logout_log")
      .select("ts")
      .where("vin", "=", query.vin)
      .orderBy("ts", "desc")
      .limit(TIMELINE_LIMIT)
      .execute(),
    ctx.db
      .selectFrom("gateway_sms")
      .select("login_at")
      .where("vin", "=", query.vin)
      .where("login_at", "is not", null)
      .where(inTenants("gateway_sms.tenant_id", principal))
      .execute(),
  ]);
  const woke = new Set(wakeLogins.map((w) => Number(w.login_at)));
  const all = [
    ...events.map((e, i) => ({
      at: Number(e.at),
      order: events.length - i,
      type: e.state,
      commandId: Number(e.commandId),
      kind: e.kind,
      note: e.note,
    })),
    ...logins.map((l) => ({
      at: Number(l.ts),
      order: 0,
      type: "login" as const,
      commandId: null,
      kind: null,
      note: woke.has(Number(l.ts)) ? "唤醒登入" : null,
    })),
    ...logouts.map((l) => ({
      at: Number(l.ts),
      order: 0,
      type: "logout" as const,
      commandId: null,
      kind: null,
      note: null,
    })),
  ];
  // Same instant: a command's later step first (acknowledged and success share the answer's time).
  all.sort((a, b) => b.at - a.at || b.order - a.order);
  return all
    .slice(0, TIMELINE_LIMIT)
    .map((e) => ({ at: e.at, type: e.type, commandId: e.commandId, kind: e.kind, note: e.note }));
});
