import type { FaultSource, TboxJournal } from "@tsp/domain";
import type { AppContext } from "../../../context";
import { invalidField, ok } from "../../../http/envelope";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { DEFAULT_PAGE_SIZE } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { type CursorScope, cursorAfter, encodeCursor } from "../cursor";
import { chinaDate } from "../exporters";
import { checkRange, vinVisible } from "../journalQuery";
import { namedFaults } from "./faultNames";
import { scanPage, type TboxJournalQuery } from "./journalScan";

/** The screens' titles (platform-shell.md /tbox), which also start the export file names. */
export const JOURNAL_TITLES: Record<TboxJournal, string> = {
  location: "车辆位置报文",
  locationResend: "位置补发报文",
  warn: "车辆报警报文",
  energyCar: "新能源国标数据",
  warnsearch: "报警数据查询",
  fuelCar: "燃油车国标数据",
  gearsSpeed: "档位车速报文",
  errorReport: "故障上报报文",
  ecall: "ECALL/BCALL报文",
};

interface RawQuery {
  vin: string;
  startTime: number;
  endTime: number;
  reportTimeDesc?: boolean;
  protocol?: "gbt32960" | "jt808";
  level?: number;
  alarm?: string;
  minSpeed?: number;
  maxSpeed?: number;
  gear?: number;
  faultSource?: FaultSource;
  callType?: "E" | "B";
}

function queryOf(journal: TboxJournal, query: RawQuery): TboxJournalQuery {
  const q: TboxJournalQuery = {
    journal,
    vin: query.vin,
    startTime: query.startTime,
    endTime: query.endTime,
    reportTimeDesc: query.reportTimeDesc !== false,
    protocol: query.protocol,
  };
  // Level and alarm are 报警数据查询's filters; the other journals ignore them.
  if (journal === "warnsearch") return { ...q, level: query.level, alarm: query.alarm };
  // Speed range and gear are 档位车速报文's.
  if (journal === "gearsSpeed") {
    if (query.minSpeed !== undefined && query.maxSpeed !== undefined && query.minSpeed > query.maxSpeed) {
      throw invalidField("maxSpeed", "最高车速不能小于最低车速");
    }
    return { ...q, minSpeed: query.minSpeed, maxSpeed: query.maxSpeed, gear: query.gear };
  }
  // 故障上报报文's source; ECALL/BCALL报文's call type (JT/T 808 only: no protocol to choose).
  if (journal === "errorReport") return { ...q, faultSource: query.faultSource };
  if (journal === "ecall") return { ...q, protocol: undefined, callType: query.callType };
  // 燃油车国标数据 is HJ 1239 only: no protocol to choose.
  if (journal === "fuelCar") return { ...q, protocol: undefined };
  return q;
}

/** A cursor is bound to the journal, VIN, filters, order and range it was issued for. */
const scopeOf = (q: TboxJournalQuery): CursorScope => ({
  kind: `tbox:${q.journal}`,
  vin: [
    q.vin,
    q.protocol ?? "",
    q.level ?? "",
    q.alarm ?? "",
    q.minSpeed ?? "",
    q.maxSpeed ?? "",
    q.gear ?? "",
    q.faultSource ?? "",
    q.callType ?? "",
  ].join("~"),
  desc: q.reportTimeDesc,
  startTime: q.startTime,
  endTime: q.endTime,
});

/** getTboxJournal: one cursor page of a journal's reports. */
export const getTboxJournal = defineHandler<"getTboxJournal">(async ({ query, principal }, ctx) => {
  const q = queryOf(query.journal, query);
  checkRange(q);
  const scope = scopeOf(q);
  const after = cursorAfter(ctx.secrets, scope, query.rowKey);
  // Another tenant's vehicle reads as an empty journal: its existence is not revealed.
  if (!(await vinVisible(ctx, q.vin, principal.tenantIds))) return { list: [], nextKey: null };
  const page = await scanPage(ctx, q, principal.tenantIds, after, query.pageSize ?? DEFAULT_PAGE_SIZE);
  return {
    list: q.journal === "errorReport" ? await namedFaults(ctx, principal.tenantIds, page.rows) : page.rows,
    nextKey: page.lastId === null ? null : encodeCursor(ctx.secrets, scope, page.lastId),
  };
});

/** The export operation of each journal (one permission per screen). */
export const JOURNAL_EXPORTS = {
  location: "exportLocationMessages",
  locationResend: "exportLocationResendMessages",
  warn: "exportWarnMessages",
  energyCar: "exportEnergyCarData",
  warnsearch: "exportWarnData",
  fuelCar: "exportFuelCarData",
  gearsSpeed: "exportGearsSpeedMessages",
  errorReport: "exportErrorReports",
  ecall: "exportEcallMessages",
} as const satisfies Record<TboxJournal, string>;

async function submitExport(journal: TboxJournal, query: RawQuery, principal: Principal, ctx: AppContext) {
  const q = queryOf(journal, query);
  checkRange(q);
  if (!(await vinVisible(ctx, q.vin, principal.tenantIds))) throw invalidField("vin", "未找到该VIN的车辆");
  const name = `${JOURNAL_TITLES[journal]}_${q.vin}_${chinaDate(q.startTime)}-${chinaDate(q.endTime)}.xlsx`;
  const task = await ctx.exports.submit(principal, JOURNAL_EXPORTS[journal], { ...q }, name);
  return ok(task, EXPORT_SUBMITTED_MSG);
}

export const exportLocationMessages = defineHandler<"exportLocationMessages">(({ query, principal }, ctx) =>
  submitExport("location", query, principal, ctx),
);
export const exportLocationResendMessages = defineHandler<"exportLocationResendMessages">(({ query, principal }, ctx) =>
  submitExport("locationResend", query, principal, ctx),
);
export const exportWarnMessages = defineHandler<"exportWarnMessages">(({ query, principal }, ctx) =>
  submitExport("warn", query, principal, ctx),
);
export const exportEnergyCarData = defineHandler<"exportEnergyCarData">(({ query, principal }, ctx) =>
  submitExport("energyCar", query, principal, ctx),
);
export const exportWarnData = defineHandler<"exportWarnData">(({ query, principal }, ctx) =>
  submitExport("warnsearch", query, principal, ctx),
);
export const exportFuelCarData = defineHandler<"exportFuelCarData">(({ query, principal }, ctx) =>
  submitExport("fuelCar", query, principal, ctx),
);
export const exportGearsSpeedMessages = defineHandler<"exportGearsSpeedMessages">(({ query, principal }, ctx) =>
  submitExport("gearsSpeed", query, principal, ctx),
);
export const exportErrorReports = defineHandler<"exportErrorReports">(({ query, principal }, ctx) =>
  submitExport("errorReport", query, principal, ctx),
);
export const exportEcallMessages = defineHandler<"exportEcallMessages">(({ query, principal }, ctx) =>
  submitExport("ecall", query, principal, ctx),
);
