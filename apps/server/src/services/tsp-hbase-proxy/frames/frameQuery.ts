import {
  CHECK_CODE_REASON_PREFIX,
  FRAME_CHECK_RULES,
  type FrameCheckRule,
  frameCheckRule,
  frameCheckRuleFilter,
} from "@tsp/domain";
import { type ExpressionBuilder, sql } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import type { FrameStatus } from "../../../gateway/tables";
import { badRequest } from "../../../http/envelope";
import { inTenants } from "../../../platform/principal";
import { MAX_SPAN_MS } from "../journalQuery";

/** GB/T 32960 real-time (0x02) and re-sent (0x03), JT/T 808 location (0x0200) and batch (0x0704). */
export const POSITION_COMMANDS = [0x02, 0x03, 0x0200, 0x0704];

/** The range rules of every frame query: end not before start, at most 31 days (as the journals). */
export function checkFrameRange(q: { startTime: number; endTime: number }): void {
  if (q.endTime < q.startTime) {
    throw badRequest("请求参数不正确", [{ field: "endTime", msg: "结束时间不能早于开始时间" }]);
  }
  if (q.endTime - q.startTime > MAX_SPAN_MS) {
    throw badRequest("查询参数不正确", [{ field: "endTime", msg: "查询时间跨度不能超过31天" }]);
  }
}

/** A frame query: one VIN or every vehicle of the tenants, a receipt range. */
export interface FrameScope {
  vin?: string | undefined;
  startTime: number;
  endTime: number;
  tenantIds: readonly number[];
}

type FrameEb = ExpressionBuilder<Database, "gateway_frame">;

/**
 * Frames of the scope: in the receipt range (the day partitions it spans) and of a vehicle of
 * the tenants (`vinVisible` for a set: a frame whose VIN is no vehicle of theirs is not theirs).
 */
export function framesOf(ctx: AppContext, s: FrameScope) {
  let q = ctx.db
    .selectFrom("gateway_frame")
    .where("received_at", ">=", s.startTime)
    .where("received_at", "<=", s.endTime)
    .where((eb: FrameEb) =>
      eb(
        "vin",
        "in",
        eb
          .selectFrom("vehicle")
          .select("vehicle.vin")
          .where(inTenants("vehicle.tenant_id", { tenantIds: s.tenantIds })),
      ),
    );
  if (s.vin !== undefined) q = q.where("vin", "=", s.vin);
  return q;
}

/** `where` of the frames that failed a rule (or any rule). */
export function failedRule(rule: FrameCheckRule | undefined) {
  return (eb: FrameEb): ReturnType<FrameEb["and"]> => {
    if (rule === undefined) return eb.and([eb("status", "<>", "ok")]);
    const f = frameCheckRuleFilter(rule);
    const conditions = [eb("status", "=", f.status as FrameStatus)];
    if (f.checkCodeReason === true) conditions.push(eb("reason", "like", `${CHECK_CODE_REASON_PREFIX}%`));
    if (f.checkCodeReason === false) {
      conditions.push(eb.or([eb("reason", "is", null), eb("reason", "not like", `${CHECK_CODE_REASON_PREFIX}%`)]));
    }
    return eb.and(conditions);
  };
}

/** A stored failing frame as openapi's FrameCheckRow (bigints arrive as strings from pg). */
export function toCheckRow(r: {
  id: number | string;
  received_at: number | string;
  vin: string | null;
  command: number | null;
  edition: number | null;
  status: string;
  reason: string | null;
  peer: string;
  raw_hex: string;
}) {
  return {
    id: Number(r.id),
    receivedAt: Number(r.received_at),
    vin: r.vin ?? "",
    command: r.command,
    edition: r.edition,
    rule: frameCheckRule(r.status, r.reason) ?? "structure",
    reason: r.reason ?? "",
    peer: r.peer,
    length: r.raw_hex.length / 2,
  };
}

export const CHECK_COLUMNS = [
  "id",
  "received_at",
  "vin",
  "command",
  "edition",
  "status",
  "reason",
  "peer",
  "raw_hex",
] as const;

/** Frames received, passed and failed per rule in the scope (zeros included, in the rules' order). */
export async function checkCounts(ctx: AppContext, s: FrameScope) {
  const rows = await framesOf(ctx, s)
    .select([
      "status",
      sql<boolean>`coalesce(reason like ${`${CHECK_CODE_REASON_PREFIX}%`}, false)`.as("check_code"),
      sql<number>`count(*)::int`.as("n"),
    ])
    .groupBy(["status", sql`2`])
    .execute();
  const counts = new Map<FrameCheckRule, number>(FRAME_CHECK_RULES.map((r) => [r, 0]));
  let received = 0;
  let passed = 0;
  for (const r of rows) {
    const n = Number(r.n);
    received += n;
    if (r.status === "ok") {
      passed += n;
      continue;
    }
    const rule = frameCheckRule(r.status, r.check_code ? CHECK_CODE_REASON_PREFIX : null) ?? "structure";
    counts.set(rule, (counts.get(rule) ?? 0) + n);
  }
  return { received, passed, rules: FRAME_CHECK_RULES.map((rule) => ({ rule, count: counts.get(rule) ?? 0 })) };
}

/** The keyset of frame pages: the frame id (a bigserial, assigned in arrival order). */
export const frameKeyset = (desc: boolean) => ({ column: "id", desc }) as const;
