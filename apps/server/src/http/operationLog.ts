import { logTargetOf, operationTitle, redactLogParams } from "@tsp/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import type { OperationInfo } from "../openapi/operations";
import { recordOperationLog } from "../services/comm-inc-center/operationLog/writer";
import { OK_CODE } from "./envelope";

/**
 * Reads the spec makes with POST (a search panel's filter as a body): not changes, not logged.
 * Every other non-GET operation with a bearer token is logged, and so is every GET carrying an
 * `x-permission` (exports and downloads: what left the system, and who took it).
 */
export const POST_READS: ReadonlySet<string> = new Set([
  "queryNerBaseInfo",
  "queryNerVehicleInfo",
  "queryNerBatteryInfo",
  "queryNerDriveInfo",
  "queryNerTerminalInfo",
  "getNerVehicleInfoLog",
  "getNerBatteryInfoLog",
  "getNerDriveInfoLog",
  "getNerTerminalInfoLog",
  "listNerMonitor",
]);

/** Whether the operation log records calls of this operation. */
export function isLoggedOperation(op: OperationInfo): boolean {
  if (!op.requiresAuth || POST_READS.has(op.operationId)) return false;
  return op.method !== "get" || op.permission !== undefined;
}

/** How long an entry waits for the end of its answer (a client that hangs up) before it is written anyway. */
const ANSWER_WAIT_MS = 10_000;
const MAX_PARSED_ANSWER = 64 * 1024;
const MAX_USER_AGENT = 300;

/** The result an answer carries: success unless the status or the envelope's code says otherwise, and its msg. */
function resultOf(status: number, payload: unknown, contentType: unknown): { success: boolean; msg: string } {
  let code: unknown = status;
  let msg = "";
  if (typeof payload === "string" && payload.length <= MAX_PARSED_ANSWER && /json/i.test(String(contentType ?? ""))) {
    try {
      const body = JSON.parse(payload) as { code?: unknown; msg?: unknown };
      if (typeof body.msg === "string") msg = body.msg;
      if (body.code !== undefined) code = body.code;
    } catch {
      // Not an envelope: the status decides.
    }
  }
  const success = status < 400 && (code === OK_CODE || String(code) === String(OK_CODE) || status === Number(code));
  return { success, msg };
}

/**
 * The operation log, recorded in one place: every logged operation (see {@link isLoggedOperation})
 * of every service, whoever handles it. When the answer is about to be sent (`onSend`) the entry is
 * put together — who, tenant, operation and its Chinese name, target, redacted parameters, result
 * and message, IP, user agent — and counted as pending; when the answer has gone (`onResponse`)
 * its duration is added and it is written. So the request never waits for the log and never
 * fails because of it (a failed write goes to the server log), yet the log's list, which flushes
 * pending entries first, shows a call as soon as its answer has arrived. A call refused 401 has
 * nobody to name and is not logged; one refused 403 is (the router names the caller first).
 */
export function registerOperationLog(app: FastifyInstance, ops: readonly OperationInfo[], ctx: AppContext): void {
  const logged = new Map(
    ops.filter(isLoggedOperation).map((op) => [op.operationId, operationTitle(op.permission, op.summary)]),
  );
  const finishing = new WeakMap<FastifyRequest, (durationMs: number) => void>();

  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const operationId = request.routeOptions.config.operationId;
    const title = operationId ? logged.get(operationId) : undefined;
    const principal = request.principal;
    if (!operationId || title === undefined || !principal || finishing.has(request)) return payload;
    const { success, msg } = resultOf(reply.statusCode, payload, reply.getHeader("content-type"));
    const parts = { params: request.params, query: request.query, body: request.body };
    const startedAt = ctx.now().getTime() - reply.elapsedTime;
    const write = new Promise<number>((resolve) => {
      finishing.set(request, resolve);
      setTimeout(() => resolve(reply.elapsedTime), ANSWER_WAIT_MS).unref();
    });
    const entry = {
      at: Math.round(startedAt),
      tenantId: principal.tenantId,
      accountId: principal.accountId,
      username: principal.username,
      operationId,
      operation: title,
      method: request.method,
      path: request.url.split("?")[0] ?? request.url,
      target: logTargetOf([request.params, request.query, request.body]),
      params: redactLogParams(parts),
      success,
      status: reply.statusCode,
      msg: msg || (success ? "操作成功" : `HTTP ${reply.statusCode}`),
      ip: request.ip,
      userAgent: String(request.headers["user-agent"] ?? "").slice(0, MAX_USER_AGENT),
    };
    recordOperationLog(
      ctx.db,
      write.then((durationMs) => ({ ...entry, durationMs })),
      (err) => request.log.error({ err, operationId }, "operation log: the entry could not be written"),
    );
    return payload;
  });

  app.addHook("onResponse", async (request: FastifyRequest, reply: FastifyReply) => {
    finishing.get(request)?.(reply.elapsedTime);
  });
}
