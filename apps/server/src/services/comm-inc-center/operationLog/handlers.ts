import { chinaDateTime, LOG_RESULT_LABELS, logSearchRange } from "@tsp/domain";
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, notFound, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { containsPattern, countOf, keysetBatches, numberedPage } from "../../../platform/listQuery";
import { inTenants } from "../../../platform/principal";
import { accountScope, type ScopeHolder } from "../../b-iam-account/accounts/scope";
import { defineHandler } from "../../defineHandler";
import { must } from "../../tsp-bss/actor";
import { flushOperationLog } from "./writer";
import "./tables";

type Db = Kysely<Database>;
export const MSG_LOG_NOT_FOUND = "操作日志不存在";

/** The list's filters as the calls take them (times in epoch ms). */
interface LogFilter {
  person?: string | undefined;
  operation?: string | undefined;
  target?: string | undefined;
  result?: "success" | "failure" | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

/** The range searched (defaults and bounds of `logSearchRange`), or 400 with its message. */
function rangeOf(f: LogFilter, nowMs: number) {
  const range = logSearchRange(f.startTime, f.endTime, nowMs);
  if (!range.ok) throw badRequest(range.error, [{ field: "startTime", msg: `startTime：${range.error}` }]);
  return range.value;
}

type LogScope = Awaited<ReturnType<typeof accountScope>>;

/**
 * The entries a role's data scope (角色管理) lets its holder read, the same scope as the account
 * list's: 全部租户数据 — every entry of its tenants; 本组织及下级 — entries made by accounts of its
 * organisation's subtree; 仅本人 — its own entries. An export applies its submitter's scope.
 */
function inLogScope(holder: ScopeHolder, s: LogScope): Expression<SqlBool> {
  if (s.scope === "self") return sql<SqlBool>`operation_log.account_id = ${holder.accountId}`;
  if (s.scope === "org")
    return s.orgIds.length
      ? sql<SqlBool>`operation_log.account_id in (select id from account where org_id in (${sql.join(s.orgIds)}))`
      : sql<SqlBool>`false`;
  return sql<SqlBool>`true`;
}

/** The holder's entries matching the filters. */
async function filtered(db: Db, holder: ScopeHolder, f: LogFilter, range: { start: number; end: number }) {
  const scope = await accountScope(db, holder);
  let q = db
    .selectFrom("operation_log")
    .where(inTenants("operation_log.tenant_id", holder))
    .where(inLogScope(holder, scope))
    .where("at", ">=", range.start as never)
    .where("at", "<=", range.end as never);
  const person = f.person?.trim();
  if (person) {
    const p = containsPattern(person);
    q = q.where(sql<SqlBool>`(username ilike ${p} or real_name ilike ${p})`);
  }
  const operation = f.operation?.trim();
  if (operation) {
    const p = containsPattern(operation);
    q = q.where(sql<SqlBool>`(operation_id ilike ${p} or operation ilike ${p})`);
  }
  const target = f.target?.trim();
  if (target) q = q.where(sql<SqlBool>`target ilike ${containsPattern(target)}`);
  if (f.result) q = q.where("success", "=", f.result === "success");
  return q;
}

const ROW_COLUMNS = [
  "id",
  "at",
  "tenant_id",
  "username",
  "real_name",
  "operation_id",
  "operation",
  "target",
  "success",
  "msg",
  "ip",
  "duration_ms",
] as const;
interface Row {
  id: number | string;
  at: number | string;
  tenant_id: number;
  username: string;
  real_name: string;
  operation_id: string;
  operation: string;
  target: string;
  success: boolean;
  msg: string;
  ip: string;
  duration_ms: number;
}
interface DetailRow extends Row {
  method: string;
  path: string;
  params: string;
  user_agent: string;
}
const toRow = (r: Row) => ({
  id: Number(r.id),
  at: Number(r.at),
  tenantId: r.tenant_id,
  username: r.username,
  realName: r.real_name,
  operationId: r.operation_id,
  operation: r.operation,
  target: r.target,
  success: r.success,
  msg: r.msg,
  ip: r.ip,
  durationMs: r.duration_ms,
});

/** listOperationLogs: a numbered page, newest first, after the entries still being written. */
export const listOperationLogs = defineHandler<"listOperationLogs">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const { pageNum, pageSize, ...filter } = query;
  const range = rangeOf(filter, ctx.now().getTime());
  await flushOperationLog(ctx.db);
  const page = await numberedPage(
    await filtered(ctx.db, p, filter, range),
    { pageNum, pageSize },
    {
      order: [
        ["at", "desc"],
        ["id", "desc"],
      ],
    },
    (q) => q.select([...ROW_COLUMNS]),
  );
  return { list: (page.list as Row[]).map(toRow), total: page.total };
});

/** getOperationLog: one entry of the caller's tenants with its long fields. */
export const getOperationLog = defineHandler<"getOperationLog">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  await flushOperationLog(ctx.db);
  const row = await ctx.db
    .selectFrom("operation_log")
    .select([...ROW_COLUMNS, "method", "path", "status", "params", "user_agent"])
    .where("id", "=", query.id as never)
    .where(inTenants("operation_log.tenant_id", p))
    .where(inLogScope(p, await accountScope(ctx.db, p)))
    .executeTakeFirst();
  if (!row) throw notFound(MSG_LOG_NOT_FOUND);
  return {
    ...toRow(row as Row),
    method: row.method,
    path: row.path,
    status: row.status,
    params: row.params,
    userAgent: row.user_agent,
  };
});

/** exportOperationLogs: the list's filters (its range resolved now) as an export task. */
export const exportOperationLogs = defineHandler<"exportOperationLogs">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const range = rangeOf(query, ctx.now().getTime());
  await flushOperationLog(ctx.db);
  const params = Object.fromEntries(
    Object.entries({ ...query, startTime: range.start, endTime: range.end }).filter(
      ([, v]) => v !== undefined && v !== "",
    ),
  );
  return ok(await ctx.exports.submit(p, "exportOperationLogs", params), EXPORT_SUBMITTED_MSG);
});

/** The export: one row per entry with every field, newest first. */
export const operationLogExporter: ExportSheet = {
  title: "操作日志",
  columns: [
    { header: "操作时间", key: "at", width: 20 },
    { header: "账号", key: "username", width: 14 },
    { header: "姓名", key: "realName", width: 12 },
    { header: "租户ID", key: "tenantId", width: 8 },
    { header: "操作", key: "operation", width: 24 },
    { header: "接口", key: "operationId", width: 24 },
    { header: "操作对象", key: "target", width: 28 },
    { header: "结果", key: "result", width: 8 },
    { header: "信息", key: "msg", width: 30 },
    { header: "IP", key: "ip", width: 16 },
    { header: "耗时(ms)", key: "durationMs", width: 10 },
    { header: "请求", key: "request", width: 40 },
    { header: "参数", key: "params", width: 60 },
    { header: "User-Agent", key: "userAgent", width: 40 },
  ],
  total: async (job, ctx) => {
    const f = job.params as LogFilter;
    return countOf(await filtered(ctx.db, job, f, rangeOf(f, ctx.now().getTime())));
  },
  async *rows(job, ctx) {
    const f = job.params as LogFilter;
    const q = await filtered(ctx.db, job, f, rangeOf(f, ctx.now().getTime()));
    for await (const batch of keysetBatches(
      q,
      { column: "id", desc: true, batch: 1000, keyOf: (r) => Number((r as Row).id) },
      (b) => b.select([...ROW_COLUMNS, "method", "path", "params", "user_agent"]),
    )) {
      yield (batch as DetailRow[]).map((r) => {
        const row = toRow(r);
        return {
          ...row,
          at: chinaDateTime(row.at),
          result: LOG_RESULT_LABELS[row.success ? "success" : "failure"],
          request: `${r.method} ${r.path}`,
          params: r.params,
          userAgent: r.user_agent,
        };
      });
    }
  },
};
