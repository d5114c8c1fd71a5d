import type { AppContext } from "../../context";
import { invalidField, ok } from "../../http/envelope";
import { EXPORT_SUBMITTED_MSG } from "../../platform/exports/queue";
import { DEFAULT_PAGE_SIZE } from "../../platform/listQuery";
import type { Principal } from "../../platform/principal";
import { defineHandler, type QueryOf } from "../defineHandler";
import { decodeCursor, encodeCursor } from "./cursor";
import { chinaDate } from "./exporters";
import { checkRange, type JournalQuery, readPage } from "./journalQuery";
import type { JournalKind } from "./tables";

type PageQuery = QueryOf<"getLoginLog">;
type ExportQuery = QueryOf<"exportLoginLog">;

const journalQueryOf = (query: ExportQuery): JournalQuery => ({
  vin: query.vin,
  startTime: query.startTime,
  endTime: query.endTime,
  reportTimeDesc: query.reportTimeDesc !== false,
});

/** getLoginLog / getLogoutLog: one cursor page (platform-shell.md §2 "Vehicle login journal screen"). */
async function cursorPage(kind: JournalKind, query: PageQuery, principal: Principal, ctx: AppContext) {
  const q = journalQueryOf(query);
  checkRange(q);
  const scope = { kind, vin: q.vin, desc: q.reportTimeDesc, startTime: q.startTime, endTime: q.endTime };
  let afterTs: number | null = null;
  if (query.rowKey !== undefined) {
    afterTs = decodeCursor(ctx.secrets, scope, query.rowKey);
    if (afterTs === null) throw invalidField("rowKey", "游标无效或已被篡改，请重新查询");
  }
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  // One statement: the rows and the tenant check (another tenant's vehicle reads as an empty
  // journal, its existence not revealed).
  const rows = await readPage(ctx, kind, q, afterTs, pageSize + 1, principal.tenantIds);
  const list = rows.slice(0, pageSize);
  const last = list.at(-1);
  return { list, nextKey: rows.length > pageSize && last ? encodeCursor(ctx.secrets, scope, last.time) : null };
}

const TITLES: Record<JournalKind, string> = { login: "车辆登入日志", logout: "车辆登出日志" };

/** exportLoginLog / exportLogoutLog: queue a background .xlsx export. */
async function submitExport(
  kind: JournalKind,
  operationId: "exportLoginLog" | "exportLogoutLog",
  query: ExportQuery,
  principal: Principal,
  ctx: AppContext,
) {
  const q = journalQueryOf(query);
  checkRange(q);
  const name = `${TITLES[kind]}_${q.vin}_${chinaDate(q.startTime)}-${chinaDate(q.endTime)}.xlsx`;
  const task = await ctx.exports.submit(principal, operationId, { ...q }, name);
  return ok(task, EXPORT_SUBMITTED_MSG);
}

export const getLoginLog = defineHandler<"getLoginLog">(({ query, principal }, ctx) =>
  cursorPage("login", query, principal, ctx),
);
export const getLogoutLog = defineHandler<"getLogoutLog">(({ query, principal }, ctx) =>
  cursorPage("logout", query, principal, ctx),
);
export const exportLoginLog = defineHandler<"exportLoginLog">(({ query, principal }, ctx) =>
  submitExport("login", "exportLoginLog", query, principal, ctx),
);
export const exportLogoutLog = defineHandler<"exportLogoutLog">(({ query, principal }, ctx) =>
  submitExport("logout", "exportLogoutLog", query, principal, ctx),
);
