import {
  bytesToHex,
  decodeUdsResponse,
  formatDateTimeText,
  type UdsRequest,
  type UdsResult,
  type UdsService,
  udsRequestBytes,
  udsRequestProblem,
  udsRequestText,
} from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { AppContext } from "../../context";
import type { Database } from "../../db/schema";
import { type CommandRow, commandRow, expireCommands, queueCommand } from "../../gateway/commands/store";
import { type UdsCommandParams, udsResponseOf } from "../../gateway/commands/udsCommand";
import { badRequest, invalidField, ok } from "../../http/envelope";
import type { ExportSheet } from "../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../platform/exports/queue";
import { countOf } from "../../platform/listQuery";
import type { Principal } from "../../platform/principal";
import { inTenants } from "../../platform/principal";
import { type DataOf, defineHandler } from "../defineHandler";
import "../../gateway/commands/tables";
import "../tsp-bss/tables";
import "./tables";

type Diagnosis = DataOf<"sendUdsRead">;
type EcuList = DataOf<"listUdsEcus">;

/** 400 with the domain's Chinese message as it stands, on the field it is about. */
const refuse = (field: string, msg: string) => badRequest(msg, [{ field, msg }]);
const DEFAULT_TTL_S = 600;

/** The vehicle's tenant and model when the caller sees it; 400 on vin otherwise (another tenant's VIN is not revealed). */
async function vehicleOf(ctx: AppContext, vin: string, principal: Principal) {
  const row = await ctx.db
    .selectFrom("vehicle")
    .leftJoin("bss_model", "bss_model.id", "vehicle.model_id")
    .select(["vehicle.tenant_id", "vehicle.model_id", "bss_model.name as model"])
    .where("vehicle.vin", "=", vin)
    .where(inTenants("vehicle.tenant_id", principal))
    .executeTakeFirst();
  if (!row) throw invalidField("vin", "未找到该VIN的车辆");
  return row;
}

/** The model's ECUs, or the generic set when it has none. */
async function ecusOf(db: Kysely<Database>, modelId: number | null) {
  const of = (id: number | null) =>
    db
      .selectFrom("uds_ecu")
      .select(["id", "name", "request_id", "response_id"])
      .where("model_id", id === null ? "is" : "=", id)
      .orderBy("sort")
      .execute();
  const own = modelId === null ? [] : await of(modelId);
  const rows = own.length > 0 ? own : await of(null);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    requestId: Number(r.request_id),
    responseId: Number(r.response_id),
  }));
}

/** listUdsEcus: the vehicle's model and its ECUs. */
export const listUdsEcus = defineHandler<"listUdsEcus">(async ({ query, principal }, ctx): Promise<EcuList> => {
  const v = await vehicleOf(ctx, query.vin, principal);
  return { model: v.model ?? null, ecus: await ecusOf(ctx.db, v.model_id) };
});

/** A diagnosis command row as openapi's UdsDiagnosis, its response decoded against its request. */
export function toDiagnosis(r: CommandRow): Diagnosis {
  const p = JSON.parse(r.params) as UdsCommandParams;
  const response = udsResponseOf(r.answer_hex);
  let result: UdsResult | null = null;
  let reason = r.reason;
  if (response !== null) {
    const decoded = decodeUdsResponse(p.uds, response);
    if (decoded.ok) result = decoded.value;
    else reason = reason ?? `ECU响应无法解析：${decoded.error.message}`;
  }
  return {
    id: r.id,
    vin: r.vin,
    ecuName: p.ecu.name,
    requestId: p.ecu.requestId,
    responseId: p.ecu.responseId,
    service: p.uds.service,
    requestText: udsRequestText(p.uds),
    requestHex: bytesToHex(udsRequestBytes(p.uds)),
    state: r.state,
    sender: r.sender,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    reason,
    responseHex: response === null ? null : bytesToHex(response),
    result: result as Diagnosis["result"],
  };
}

async function send(
  ctx: AppContext,
  principal: Principal,
  body: { vin: string; ecuId: number; ttlSeconds?: number },
  uds: UdsRequest,
): Promise<Diagnosis> {
  const problem = udsRequestProblem(uds);
  if (problem) throw refuse("service", problem);
  const v = await vehicleOf(ctx, body.vin, principal);
  const ecu = (await ecusOf(ctx.db, v.model_id)).find((e) => e.id === body.ecuId);
  if (!ecu) throw refuse("ecuId", "该车型没有所选的ECU");
  const params: UdsCommandParams = {
    ecu: { name: ecu.name, requestId: ecu.requestId, responseId: ecu.responseId },
    uds,
  };
  const row = await queueCommand(
    ctx.db,
    {
      tenantId: Number(v.tenant_id),
      vin: body.vin,
      kind: "udsDiagnosis",
      params,
      sender: principal.username,
      ttlMs: (body.ttlSeconds ?? DEFAULT_TTL_S) * 1000,
    },
    ctx.now().getTime(),
  );
  return toDiagnosis(row);
}

/** sendUdsRead: 0x19 02 (status mask, default all bits) or 0x22 (an identifier the domain offers). */
export const sendUdsRead = defineHandler<"sendUdsRead">(async ({ body, principal }, ctx) => {
  if (body.service === "readDid") {
    if (body.did === undefined) throw refuse("did", "请选择数据标识符");
    return send(ctx, principal, body, { service: "readDid", did: body.did });
  }
  return send(ctx, principal, body, { service: "readDtc", statusMask: body.statusMask ?? 0xff });
});

/** sendUdsControl: 0x14 (group, default all), 0x10 (session) or 0x11 (reset type). */
export const sendUdsControl = defineHandler<"sendUdsControl">(async ({ body, principal }, ctx) => {
  if (body.service === "session") {
    if (body.session === undefined) throw refuse("session", "请选择诊断会话");
    return send(ctx, principal, body, { service: "session", session: body.session });
  }
  if (body.service === "reset") {
    if (body.resetType === undefined) throw refuse("resetType", "请选择复位类型");
    return send(ctx, principal, body, { service: "reset", resetType: body.resetType });
  }
  return send(ctx, principal, body, { service: "clearDtc", group: body.group ?? 0xffffff });
});

interface Filter {
  vin?: string;
  ecu?: string;
  service?: UdsService;
}

function diagnoses(db: Kysely<Database>, tenantIds: readonly number[], f: Filter) {
  let q = db
    .selectFrom("gateway_command")
    .where("kind", "=", "udsDiagnosis")
    .where(inTenants("gateway_command.tenant_id", { tenantIds }));
  if (f.vin) q = q.where("vin", "=", f.vin);
  if (f.ecu) q = q.where(sql<string>`params::jsonb -> 'ecu' ->> 'name'`, "=", f.ecu);
  if (f.service) q = q.where(sql<string>`params::jsonb -> 'uds' ->> 'service'`, "=", f.service);
  return q;
}

const filterOf = (query: Filter): Filter => ({
  ...(query.vin ? { vin: query.vin } : {}),
  ...(query.ecu ? { ecu: query.ecu } : {}),
  ...(query.service ? { service: query.service } : {}),
});

/** listUdsDiagnoses: newest first, after the TTL sweep. */
export const listUdsDiagnoses = defineHandler<"listUdsDiagnoses">(async ({ query, principal }, ctx) => {
  await expireCommands(ctx.db, ctx.now().getTime());
  const q = diagnoses(ctx.db, principal.tenantIds, filterOf(query));
  const pageSize = query.pageSize ?? 10;
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset(((query.pageNum ?? 1) - 1) * pageSize)
      .execute(),
    countOf(q),
  ]);
  return { list: rows.map((r) => toDiagnosis(commandRow(r))), total };
});

/** exportUdsDiagnoses: an export task of the list's filters. */
export const exportUdsDiagnoses = defineHandler<"exportUdsDiagnoses">(async ({ query, principal }, ctx) => {
  await expireCommands(ctx.db, ctx.now().getTime());
  return ok(await ctx.exports.submit(principal, "exportUdsDiagnoses", { ...filterOf(query) }), EXPORT_SUBMITTED_MSG);
});

const STATE_NAMES: Readonly<Record<Diagnosis["state"], string>> = {
  queued: "排队中",
  smsSent: "唤醒短信已发送",
  sent: "已下发",
  acknowledged: "已应答",
  success: "成功",
  failed: "失败",
  expired: "已过期",
  cancelled: "已撤销",
};

/** The decoded result in one cell: the DTCs, the identifier's value, the NRC … */
export function resultText(d: Diagnosis): string {
  const r = d.result;
  if (!r) return d.reason ?? "";
  switch (r.kind) {
    case "negative":
      return `否定响应 ${r.text}`;
    case "dtcs":
      return r.dtcs?.length
        ? (r.dtcs ?? []).map((t) => `${t.code}（${t.statusBits.join("、")}）`).join("；")
        : "无故障码";
    case "cleared":
      return "已清除";
    case "did":
      return r.text ?? r.hex ?? "";
    case "session":
      return `${r.name}（P2 ${r.p2Ms} ms，P2* ${r.p2StarMs} ms）`;
    default:
      return `${r.name}已执行`;
  }
}

const BATCH = 1000;
export const udsExporter: ExportSheet = {
  title: "UDS诊断记录",
  columns: [
    { header: "VIN", key: "vin", width: 22 },
    { header: "ECU", key: "ecuName", width: 20 },
    { header: "请求", key: "requestText", width: 30 },
    { header: "请求报文", key: "requestHex", width: 14 },
    { header: "状态", key: "state", width: 10 },
    { header: "结果", key: "result", width: 60 },
    { header: "响应报文", key: "responseHex", width: 30 },
    { header: "发送人", key: "sender", width: 12 },
    { header: "发送时间", key: "createdAt", width: 20 },
    { header: "完成时间", key: "finishedAt", width: 20 },
  ],
  total: (job, ctx) => countOf(diagnoses(ctx.db, job.tenantIds, job.params as Filter)),
  async *rows(job, ctx) {
    for (let offset = 0; ; offset += BATCH) {
      const rows = await diagnoses(ctx.db, job.tenantIds, job.params as Filter)
        .selectAll()
        .orderBy("id", "desc")
        .limit(BATCH)
        .offset(offset)
        .execute();
      yield rows.map((row) => {
        const d = toDiagnosis(commandRow(row));
        return {
          vin: d.vin,
          ecuName: d.ecuName,
          requestText: d.requestText,
          requestHex: d.requestHex,
          state: STATE_NAMES[d.state],
          result: resultText(d),
          responseHex: d.responseHex ?? "",
          sender: d.sender,
          createdAt: formatDateTimeText(d.createdAt),
          finishedAt: d.finishedAt === null ? "" : formatDateTimeText(d.finishedAt),
        };
      });
      if (rows.length < BATCH) return;
    }
  },
};
