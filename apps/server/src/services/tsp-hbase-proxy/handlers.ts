import { invalidField, ok } from "../../http/envelope";
import { EXPORT_SUBMITTED_MSG } from "../../platform/exports/queue";
import type { Handler, HandlerInput } from "../types";
import { decodeCursor, encodeCursor } from "./cursor";
import { chinaDate } from "./exporters";
import { checkRange, type JournalQuery, readPage, vinVisible } from "./journalQuery";
import type { JournalKind } from "./tables";

const journalQueryOf = (query: HandlerInput["query"]): JournalQuery => ({
  vin: String(query.vin),
  startTime: Number(query.startTime),
  endTime: Number(query.endTime),
  reportTimeDesc: query.reportTimeDesc !== false,
});

/** getLoginLog / getLogoutLog: one cursor page (platform-shell.md §2 "Vehicle login journal screen"). */
const pageOf =
  (kind: JournalKind): Handler =>
  async ({ query, principal }, ctx) => {
    const q = journalQueryOf(query);
    checkRange(q);
    const scope = { kind, vin: q.vin, desc: q.reportTimeDesc, startTime: q.startTime, endTime: q.endTime };
    let afterTs: number | null = null;
    if (typeof query.rowKey === "string") {
      afterTs = decodeCursor(ctx.secrets, scope, query.rowKey);
      if (afterTs === null) throw invalidField("rowKey", "游标无效或已被篡改，请重新查询");
    }
    // Another tenant's vehicle reads as an empty journal: its existence is not revealed.
    if (!(await vinVisible(ctx, q.vin, (principal as NonNullable<typeof principal>).tenantIds))) {
      return { list: [], nextKey: null };
    }
    const pageSize = Number(query.pageSize ?? 10);
    const rows = await readPage(ctx, kind, q, afterTs, pageSize + 1);
    const list = rows.slice(0, pageSize);
    const last = list.at(-1);
    return { list, nextKey: rows.length > pageSize && last ? encodeCursor(ctx.secrets, scope, last.time) : null };
  };

const TITLES: Record<JournalKind, string> = { login: "车辆登入日志", logout: "车辆登出日志" };

/** exportLoginLog / exportLogoutLog: queue a background .xlsx export. */
const exportOf =
  (kind: JournalKind, operationId: string): Handler =>
  async ({ query, principal }, ctx) => {
    const q = journalQueryOf(query);
    checkRange(q);
    const name = `${TITLES[kind]}_${q.vin}_${chinaDate(q.startTime)}-${chinaDate(q.endTime)}.xlsx`;
    const task = await ctx.exports.submit(principal as NonNullable<typeof principal>, operationId, { ...q }, name);
    return ok(task, EXPORT_SUBMITTED_MSG);
  };

export const getLoginLog = pageOf("login");
export const getLogoutLog = pageOf("logout");
export const exportLoginLog = exportOf("login", "exportLoginLog");
export const exportLogoutLog = exportOf("logout", "exportLogoutLog");
