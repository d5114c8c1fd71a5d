import {
  formatDateTimeText,
  REGISTRATION_MESSAGE_LABELS,
  REGISTRATION_STAGE_LABELS,
  type RegistrationMessage,
  type RegistrationStage,
  registrationResultText,
  registrationStage,
} from "@tsp/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/schema";
import "../../gateway/commands/tables";
import "../../gateway/tables";
import "../tsp-bss/tbox/tables";
import { badRequest, notFound, ok } from "../../http/envelope";
import type { ExportSheet } from "../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../platform/exports/queue";
import { limitOffset } from "../../platform/listQuery";
import { type DataOf, defineHandler } from "../defineHandler";
import { must } from "../tsp-bss/actor";

type Terminal = DataOf<"listTerminalRegistrations">["list"][number];
type Event = DataOf<"getTerminalRegistrationHistory">[number];

export interface RegistrationFilter {
  vin?: string;
  terminalId?: string;
  phone?: string;
  stage?: RegistrationStage;
  startTime?: number;
  endTime?: number;
}

const MAX_RANGE_MS = 93 * 24 * 3600 * 1000;
const HISTORY_LIMIT = 200;

function checkRange(f: RegistrationFilter): void {
  const { startTime: s, endTime: e } = f;
  if (s !== undefined && e !== undefined && e < s)
    throw badRequest("结束时间不能早于开始时间", [{ field: "endTime", msg: "结束时间不能早于开始时间" }]);
  if (s !== undefined && e !== undefined && e - s > MAX_RANGE_MS)
    throw badRequest("时间范围不能超过93天", [{ field: "endTime", msg: "时间范围不能超过93天" }]);
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every T-BOX of the tenants with the facts its stage is read from: the phone it registered
 * under, whether it holds a code (a register answered 0 — protocols without a register message
 * always do), its link,
 * and its newest register / authenticate / login (a logout says nothing of registration). The
 * stage's SQL is @tsp/domain registrationStage's rule, so the filter and the page agree.
 */
function terminals(tenantIds: readonly number[]): RawBuilder<unknown> {
  return sql`select t.sn, t.protocol, t.terminal_id, v.vin, v.plate,
      coalesce(j.phone, last.phone) as phone,
      (t.protocol <> 'JTT808' or j.phone is not null or reg.ok) as registered,
      coalesce(s.online, false) as online,
      last.message as last_message, last.result as last_result, last.at as last_at, last.note as last_note,
      case when coalesce(s.online, false) then 'online'
        when last.result is not null and last.result <> 0 then 'refused'
        when not (t.protocol <> 'JTT808' or j.phone is not null or reg.ok) then 'unregistered'
        when last.message is not null and last.message <> 'register' then 'authenticated'
        else 'registered' end as stage
    from bss_tbox t
    left join vehicle v on v.tbox_sn = t.sn
    left join gateway_jt808_terminal j on j.vin = v.vin
    left join gateway_vehicle_state s on s.vin = v.vin
    left join lateral (select r.message, r.result, r.at, r.note, r.phone from gateway_registration r
      where r.message <> 'logout'
        and ((t.terminal_id is not null and r.terminal_id = t.terminal_id) or (v.vin is not null and r.vin = v.vin))
      order by r.at desc, r.id desc limit 1) last on true
    left join lateral (select true as ok from gateway_registration r where t.terminal_id is not null
      and r.terminal_id = t.terminal_id and r.message = 'register' and r.result = 0 limit 1) reg on true
    where t.tenant_id in (${sql.join(tenantIds.length === 0 ? [-1] : tenantIds)})`;
}

function filterWhere(f: RegistrationFilter): RawBuilder<unknown> {
  const parts = [sql`true`];
  if (f.vin) parts.push(sql`x.vin ilike ${like(f.vin)}`);
  if (f.terminalId) parts.push(sql`x.terminal_id ilike ${like(f.terminalId)}`);
  if (f.phone) parts.push(sql`x.phone like ${like(f.phone)}`);
  if (f.stage) parts.push(sql`x.stage = ${f.stage}`);
  if (f.startTime !== undefined) parts.push(sql`x.last_at >= ${f.startTime}`);
  if (f.endTime !== undefined) parts.push(sql`x.last_at <= ${f.endTime}`);
  return sql.join(parts, sql` and `);
}

interface Row {
  sn: string;
  protocol: string;
  terminal_id: string | null;
  vin: string | null;
  plate: string | null;
  phone: string | null;
  registered: boolean;
  online: boolean;
  last_message: RegistrationMessage | null;
  last_result: number | null;
  last_at: number | string | null;
  last_note: string | null;
}

function toTerminal(x: Row): Terminal {
  const registered = Boolean(x.registered);
  const online = Boolean(x.online);
  return {
    sn: x.sn,
    vin: x.vin,
    plate: x.plate,
    protocol: x.protocol,
    terminalId: x.terminal_id,
    phone: x.phone,
    registered,
    online,
    stage: registrationStage({
      registered,
      online,
      lastResult: x.last_result,
      authenticated: x.last_message !== null && x.last_message !== "register",
    }),
    lastMessage: x.last_message,
    lastResult: x.last_result,
    lastResultText:
      x.last_message === null || x.last_result === null ? null : registrationResultText(x.last_message, x.last_result),
    lastAt: x.last_at === null ? null : Number(x.last_at),
    lastNote: x.last_note,
  };
}

async function page(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  f: RegistrationFilter,
  limit: number,
  offset: number,
) {
  const r = await sql<Row>`select * from (${terminals(tenantIds)}) x where ${filterWhere(f)}
    order by x.last_at desc nulls last, x.sn limit ${limit} offset ${offset}`.execute(db);
  return r.rows.map(toTerminal);
}

async function count(db: Kysely<Database>, tenantIds: readonly number[], f: RegistrationFilter) {
  const r = await sql<{
    n: number | string;
  }>`select count(*) as n from (${terminals(tenantIds)}) x where ${filterWhere(f)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** listTerminalRegistrations: a numbered page of T-BOXes, newest message first. */
export const listTerminalRegistrations = defineHandler<"listTerminalRegistrations">(
  async ({ query, principal }, ctx) => {
    const { pageNum, pageSize, ...filter } = query;
    checkRange(filter);
    const tenants = must(principal).tenantIds;
    const { limit, offset } = limitOffset({ pageNum, pageSize });
    const [list, total] = await Promise.all([
      page(ctx.db, tenants, filter, limit, offset),
      count(ctx.db, tenants, filter),
    ]);
    return { list, total };
  },
);

/** getTerminalRegistrationHistory: the T-BOX's messages by terminal id, bound VIN or registered phone. */
export const getTerminalRegistrationHistory = defineHandler<"getTerminalRegistrationHistory">(
  async ({ query, principal }, ctx) => {
    const tenants = must(principal).tenantIds;
    const [t] = (await sql<Row>`select * from (${terminals(tenants)}) x where x.sn = ${query.sn}`.execute(ctx.db)).rows;
    if (!t) throw notFound("未找到该T-BOX");
    const match = [sql`false`];
    if (t.terminal_id) match.push(sql`r.terminal_id = ${t.terminal_id}`);
    if (t.vin) match.push(sql`r.vin = ${t.vin}`);
    if (t.phone) match.push(sql`r.phone = ${t.phone}`);
    const rows = await sql<{
      id: number | string;
      at: number | string;
      protocol: "gbt32960" | "jt808";
      message: RegistrationMessage;
      result: number;
      vin: string | null;
      terminal_id: string | null;
      phone: string | null;
      note: string | null;
    }>`select * from gateway_registration r where ${sql.join(match, sql` or `)}
      order by r.at desc, r.id desc limit ${HISTORY_LIMIT}`.execute(ctx.db);
    return rows.rows.map(
      (r): Event => ({
        id: Number(r.id),
        at: Number(r.at),
        protocol: r.protocol,
        message: r.message,
        messageText: REGISTRATION_MESSAGE_LABELS[r.message],
        result: r.result,
        resultText: registrationResultText(r.message, r.result),
        vin: r.vin,
        terminalId: r.terminal_id,
        phone: r.phone,
        note: r.note,
      }),
    );
  },
);

const BATCH = 1000;
const yesNo = (b: boolean) => (b ? "是" : "否");

export const registrationExporter: ExportSheet = {
  title: "TBOX注册状态",
  columns: [
    { header: "T-BOX序列号", key: "sn", width: 20 },
    { header: "VIN", key: "vin", width: 20 },
    { header: "车牌号", key: "plate", width: 12 },
    { header: "协议", key: "protocol", width: 10 },
    { header: "终端ID", key: "terminalId", width: 16 },
    { header: "终端手机号", key: "phone", width: 16 },
    { header: "状态", key: "stage", width: 14 },
    { header: "已注册", key: "registered", width: 8 },
    { header: "在线", key: "online", width: 8 },
    { header: "最近消息", key: "lastMessage", width: 18 },
    { header: "结果", key: "lastResult", width: 16 },
    { header: "时间", key: "lastAt", width: 20 },
    { header: "原因", key: "lastNote", width: 30 },
  ],
  total: (job, ctx) => count(ctx.db, job.tenantIds, job.params as RegistrationFilter),
  async *rows(job, ctx) {
    for (let offset = 0; ; offset += BATCH) {
      const rows = await page(ctx.db, job.tenantIds, job.params as RegistrationFilter, BATCH, offset);
      yield rows.map((r) => ({
        sn: r.sn,
        vin: r.vin ?? "",
        plate: r.plate ?? "",
        protocol: r.protocol,
        terminalId: r.terminalId ?? "",
        phone: r.phone ?? "",
        stage: REGISTRATION_STAGE_LABELS[r.stage],
        registered: yesNo(r.registered),
        online: yesNo(r.online),
        lastMessage: r.lastMessage === null ? "" : REGISTRATION_MESSAGE_LABELS[r.lastMessage],
        lastResult: r.lastResultText ?? "",
        lastAt: r.lastAt === null ? "" : formatDateTimeText(r.lastAt),
        lastNote: r.lastNote ?? "",
      }));
      if (rows.length < BATCH) return;
    }
  },
};

export const exportTerminalRegistrations = defineHandler<"exportTerminalRegistrations">(
  async ({ query, principal }, ctx) => {
    checkRange(query);
    return ok(
      await ctx.exports.submit(must(principal), "exportTerminalRegistrations", { ...query }),
      EXPORT_SUBMITTED_MSG,
    );
  },
);
