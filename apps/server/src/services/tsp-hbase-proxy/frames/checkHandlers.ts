import { invalidField, notFound, ok } from "../../../http/envelope";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { DEFAULT_PAGE_SIZE, keysetPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { decodeCursor, encodeCursor } from "../cursor";
import { chinaDate } from "../exporters";
import { vinVisible } from "../journalQuery";
import {
  CHECK_COLUMNS,
  checkCounts,
  checkFrameRange,
  failedRule,
  frameKeyset,
  framesOf,
  toCheckRow,
} from "./frameQuery";

/** getFrameCheckList: one cursor page of the frames that failed a check (新能源报文检查). */
export const getFrameCheckList = defineHandler<"getFrameCheckList">(async ({ query, principal }, ctx) => {
  checkFrameRange(query);
  const desc = query.reportTimeDesc !== false;
  const scope = {
    kind: "frameCheck" as const,
    vin: `${query.vin ?? "*"}/${query.rule ?? "*"}`,
    desc,
    startTime: query.startTime,
    endTime: query.endTime,
  };
  let after: number | null = null;
  if (query.rowKey !== undefined) {
    after = decodeCursor(ctx.secrets, scope, query.rowKey);
    if (after === null) throw invalidField("rowKey", "游标无效或已被篡改，请重新查询");
  }
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const q = framesOf(ctx, { ...query, tenantIds: principal.tenantIds }).where(failedRule(query.rule));
  const rows = await keysetPage(q, { ...frameKeyset(desc), after, limit: pageSize + 1 }, (s) =>
    s.select([...CHECK_COLUMNS]),
  );
  const list = rows.slice(0, pageSize).map(toCheckRow);
  const last = list.at(-1);
  return { list, nextKey: rows.length > pageSize && last ? encodeCursor(ctx.secrets, scope, last.id) : null };
});

/** getFrameCheckCounts: frames received, passed, and failed per rule. */
export const getFrameCheckCounts = defineHandler<"getFrameCheckCounts">(({ query, principal }, ctx) => {
  checkFrameRange(query);
  return checkCounts(ctx, { ...query, tenantIds: principal.tenantIds });
});

/** getFrameCheckDetail (故障详情): one frame of a visible vehicle with its raw bytes. */
export const getFrameCheckDetail = defineHandler<"getFrameCheckDetail">(async ({ query, principal }, ctx) => {
  const row = await ctx.db
    .selectFrom("gateway_frame")
    .select([...CHECK_COLUMNS])
    .where("received_at", "=", query.receivedAt)
    .where("id", "=", query.id)
    .executeTakeFirst();
  const gone = "报文不存在或无权查看";
  if (!row || row.vin === null || !(await vinVisible(ctx, row.vin, principal.tenantIds))) throw notFound(gone);
  return { ...toCheckRow(row), rawHex: row.raw_hex };
});

/** exportFrameChecks: queue the .xlsx of the failing frames. */
export const exportFrameChecks = defineHandler<"exportFrameChecks">(async ({ query, principal }, ctx) => {
  checkFrameRange(query);
  if (query.vin !== undefined && !(await vinVisible(ctx, query.vin, principal.tenantIds))) {
    throw invalidField("vin", "未找到该VIN的车辆");
  }
  const name = `新能源报文检查_${query.vin ?? "全部车辆"}_${chinaDate(query.startTime)}-${chinaDate(query.endTime)}.xlsx`;
  const params = { ...query, reportTimeDesc: query.reportTimeDesc !== false };
  return ok(await ctx.exports.submit(principal, "exportFrameChecks", params, name), EXPORT_SUBMITTED_MSG);
});
