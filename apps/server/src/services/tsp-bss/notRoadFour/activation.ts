import {
  ACTIVATION_STATE_LABELS,
  type ActivationResultCode,
  type ActivationState,
  canRequestActivation,
  chinaDateTime,
  isActivationState,
  type KeySyncResultCode,
} from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { containsPattern, countOf, limitOffset } from "../../../platform/listQuery";
import { inTenants, type Principal } from "../../../platform/principal";
import { type DataOf, defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import "../baseInfoRest/tables";
import { activationFrame } from "./activationFrames";
import "./documentTables";

type Row = DataOf<"listTerminalActivations">["list"][number];
type Event = DataOf<"listTerminalActivationHistory">[number]["event"];
type Filter = { keyWords?: string; state?: ActivationState };

const MSG_TERMINAL_NOT_FOUND = "监管终端不存在";
const MSG_NOT_BOUND = "该终端未绑定机械，不能激活";

/** The terminals of 监管终端管理 in `tenantIds` with their activation state (none: 待激活). */
function terminals(db: Kysely<Database>, tenantIds: readonly number[], f: Filter) {
  let q = db
    .selectFrom("bss_black_box as b")
    .leftJoin("nr4_activation as a", (j) =>
      j.onRef("a.tenant_id", "=", "b.tenant_id").onRef("a.terminal_id", "=", "b.terminal_id"),
    )
    .where(inTenants("b.tenant_id", { tenantIds }));
  const keyWords = f.keyWords?.trim() ?? "";
  if (keyWords !== "") {
    const like = containsPattern(keyWords);
    q = q.where(
      sql<SqlBool>`(b.terminal_id ilike ${like} or b.machinery_pin ilike ${like} or b.chip_id ilike ${like})`,
    );
  }
  if (f.state !== undefined) q = q.where(sql<SqlBool>`coalesce(a.state, 'inactive') = ${f.state}`);
  return q;
}

const COLUMNS = [
  "b.tenant_id",
  "b.terminal_id",
  "b.machinery_pin",
  "b.chip_id",
  "b.manufacturer",
  "b.terminal_model",
  "a.state",
  "a.key_version",
  "a.reason",
  "a.requested_at",
  "a.answered_at",
  "a.update_name",
] as const;

type Selected = {
  terminal_id: string;
  machinery_pin: string | null;
  chip_id: string;
  manufacturer: string;
  terminal_model: string;
  state: string | null;
  key_version: number | null;
  reason: string | null;
  requested_at: number | string | null;
  answered_at: number | string | null;
  update_name: string | null;
};

const toRow = (r: Selected): Row => ({
  terminalId: r.terminal_id,
  pin: r.machinery_pin,
  chipId: r.chip_id,
  manufacturer: r.manufacturer,
  terminalModel: r.terminal_model,
  state: isActivationState(r.state) ? r.state : "inactive",
  keyVersion: r.key_version,
  reason: r.reason,
  requestedAt: r.requested_at === null ? null : Number(r.requested_at),
  answeredAt: r.answered_at === null ? null : Number(r.answered_at),
  updateName: r.update_name,
});

const filterOf = (query: { keyWords?: string; state?: ActivationState }): Filter => ({
  ...(query.keyWords ? { keyWords: query.keyWords } : {}),
  ...(query.state ? { state: query.state } : {}),
});

export const listTerminalActivations = defineHandler<"listTerminalActivations">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const q = terminals(ctx.db, p.tenantIds, filterOf(query));
  const { limit, offset } = limitOffset({ pageNum: query.pageNum, pageSize: query.pageSize });
  const [rows, total] = await Promise.all([
    q.select(COLUMNS).orderBy("b.terminal_id").limit(limit).offset(offset).execute(),
    countOf(q),
  ]);
  return { list: rows.map(toRow), total };
});

/** One terminal of the caller's tenants (its own tenant's first), or 404. */
async function terminalOf(ctx: AppContext, p: Principal, terminalId: string) {
  const row = await terminals(ctx.db, p.tenantIds, {})
    .select(COLUMNS)
    .where("b.terminal_id", "=", terminalId)
    .orderBy(sql`b.tenant_id = ${p.tenantId}`, "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) throw notFound(MSG_TERMINAL_NOT_FOUND);
  return row;
}

/** Writes a terminal's state (insert or update of its one row). */
async function saveState(
  db: Kysely<Database>,
  tenantId: number,
  terminalId: string,
  set: {
    state: ActivationState;
    reason: string | null;
    public_key?: string | null;
    requested_at?: number;
    answered_at?: number;
    update_name?: string | null;
  },
) {
  await db
    .insertInto("nr4_activation")
    .values({ tenant_id: tenantId, terminal_id: terminalId, ...set })
    .onConflict((oc) => oc.columns(["tenant_id", "terminal_id"]).doUpdateSet(set))
    .execute();
}

/** 激活: puts the terminal in 激活中 (refused while it already is, or when it is bound to no machine). */
export const requestTerminalActivation = defineHandler<"requestTerminalActivation">(
  async ({ body, principal }, ctx) => {
    const p = must(principal);
    const t = await terminalOf(ctx, p, body.terminalId);
    if (t.machinery_pin === null) throw badRequest(MSG_NOT_BOUND, [{ field: "terminalId", msg: MSG_NOT_BOUND }]);
    const state = isActivationState(t.state) ? t.state : "inactive";
    const allowed = canRequestActivation(state);
    if (!allowed.ok) throw conflict(allowed.error);
    const actor = await actorOf(p, ctx);
    const now = ctx.now().getTime();
    await ctx.db.transaction().execute(async (trx) => {
      await saveState(trx, t.tenant_id, t.terminal_id, {
        state: "activating",
        reason: null,
        requested_at: now,
        update_name: actor.updateName,
      });
      await trx
        .insertInto("nr4_activation_event")
        .values({
          tenant_id: t.tenant_id,
          terminal_id: t.terminal_id,
          at: now,
          event: "requested",
          result: null,
          reason: null,
          frame: null,
          create_name: actor.updateName,
        })
        .execute();
    });
    return ok(toRow(await terminalOf(ctx, p, body.terminalId)), "已下发激活请求，等待终端上报激活报文");
  },
);

/**
 * A terminal's 0x09 handed over by a caller (tests, automation; the gateway routes its own
 * terminals' frames to the same `activationFrame`): 400 when it is no well-formed 0x09, 404 when
 * the caller's tenants hold no such terminal.
 */
export const reportTerminalActivation = defineHandler<"reportTerminalActivation">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const done = await activationFrame(ctx.db, body.frame, ctx.now().getTime(), {
    tenantIds: p.tenantIds,
    own: p.tenantId,
  });
  if (done.kind === "bad") throw badRequest(done.error.message, [{ field: "frame", msg: done.error.message }]);
  if (done.kind === "unknown") throw notFound(MSG_TERMINAL_NOT_FOUND);
  return ok(
    { answer: done.answer, terminal: toRow(await terminalOf(ctx, p, done.terminalId)) },
    done.ok ? "激活成功" : `激活失败：${done.reason}`,
  );
});

export const listTerminalActivationHistory = defineHandler<"listTerminalActivationHistory">(
  async ({ query, principal }, ctx) => {
    const p = must(principal);
    const t = await terminalOf(ctx, p, query.terminalId);
    const rows = await ctx.db
      .selectFrom("nr4_activation_event")
      .selectAll()
      .where("tenant_id", "=", t.tenant_id)
      .where("terminal_id", "=", t.terminal_id)
      .orderBy("id", "desc")
      .limit(200)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      at: Number(r.at),
      event: r.event as Event,
      result: r.result as ActivationResultCode | KeySyncResultCode | null,
      reason: r.reason,
      frame: r.frame,
      createName: r.create_name,
    }));
  },
);

/** China time yyyy-MM-dd HH:mm:ss of a sheet's cell (empty when never). */
const time = (ms: number | null) => (ms === null ? "" : chinaDateTime(ms));

export const terminalActivationExporter: ExportSheet = {
  title: "终端远程激活",
  columns: [
    { header: "终端编号", key: "terminalId", width: 20 },
    { header: "机械PIN码", key: "pin", width: 20 },
    { header: "安全芯片编号", key: "chipId", width: 20 },
    { header: "终端生产企业", key: "manufacturer", width: 24 },
    { header: "终端型号", key: "terminalModel", width: 16 },
    { header: "激活状态", key: "state", width: 10 },
    { header: "密钥版本", key: "keyVersion", width: 10 },
    { header: "失败原因", key: "reason", width: 36 },
    { header: "请求时间", key: "requestedAt", width: 20 },
    { header: "应答时间", key: "answeredAt", width: 20 },
  ],
  async *rows(job, ctx) {
    const rows = await terminals(ctx.db, job.tenantIds, job.params as Filter)
      .select(COLUMNS)
      .orderBy("b.terminal_id")
      .execute();
    yield rows.map(toRow).map((r) => ({
      ...r,
      state: ACTIVATION_STATE_LABELS[r.state],
      keyVersion: r.keyVersion ?? "",
      requestedAt: time(r.requestedAt),
      answeredAt: time(r.answeredAt),
    }));
  },
};

export const exportTerminalActivations = defineHandler<"exportTerminalActivations">(
  async ({ query, principal }, ctx) => {
    const p = must(principal);
    const task = await ctx.exports.submit(p, "exportTerminalActivations", filterOf(query));
    return ok(task, EXPORT_SUBMITTED_MSG);
  },
);
