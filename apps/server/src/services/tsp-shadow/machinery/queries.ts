import {
  countMachineStates,
  MACHINE_HISTORY_MAX_DAYS,
  type MachineState,
  machineRangeProblem,
  machineStateOf,
  ONLINE_TIME_MAX_DAYS,
} from "@tsp/domain";
import { type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import { invalidField } from "../../../http/envelope";
import { containsPattern } from "../../../platform/listQuery";
import "../../tsp-bss/baseInfoRest/tables";
import "./tables";

/** The list's, the map's and the export's filters. */
export interface MachineFilter {
  vin?: string | undefined;
  state?: MachineState | undefined;
  machineryType?: string | undefined;
  model?: string | undefined;
}

type MachineryType =
  | "excavator"
  | "loader"
  | "bulldozer"
  | "roller"
  | "crane"
  | "forklift"
  | "tractor"
  | "harvester"
  | "other";

/** A machine of 机械信息 with its latest report and connection, as the calls answer it. */
export interface MachineRow {
  vin: string;
  machineryType: MachineryType;
  brand: string;
  model: string;
  online: boolean;
  state: MachineState;
  lastReportAt: number | null;
  engineRpm: number | null;
  loadPercent: number | null;
  fuelRateLph: number | null;
  coolantC: number | null;
  workingHours: number | null;
  longitude: number | null;
  latitude: number | null;
  alarm: string | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The machines of the tenants matching the filters but `state`, each with its newest report and
 * its last connection event (one index probe each through the stores' primary keys).
 */
function machinesWithLatest(ctx: AppContext, tenantIds: readonly number[], f: MachineFilter) {
  let q = ctx.db
    .selectFrom("bss_machinery_info as m")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("machine_sample as s")
          .selectAll("s")
          .whereRef("s.vin", "=", "m.vin")
          .orderBy("s.collected_at", "desc")
          .limit(1)
          .as("s"),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("machine_connection as c")
          .select(["c.kind", "c.at"])
          .whereRef("c.vin", "=", "m.vin")
          .orderBy("c.at", "desc")
          .orderBy("c.kind", "desc")
          .limit(1)
          .as("c"),
      (join) => join.onTrue(),
    )
    .select([
      "m.vin",
      "m.machinery_type",
      "m.brand",
      "m.cpxh",
      "c.kind",
      "s.collected_at",
      "s.engine_rpm",
      "s.load_percent",
      "s.fuel_rate_lph",
      "s.coolant_c",
      "s.working_hours",
      "s.longitude",
      "s.latitude",
      "s.alarm",
    ])
    .where(tenantIds.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`m.tenant_id in (${sql.join([...tenantIds])})`);
  if (f.vin) q = q.where(sql<SqlBool>`m.vin ilike ${containsPattern(f.vin)}`);
  if (f.machineryType) q = q.where("m.machinery_type", "=", f.machineryType);
  if (f.model) q = q.where("m.cpxh", "=", f.model);
  return q;
}

/**
 * The machines matching every filter with their state at `now` (@tsp/domain machineStateOf —
 * computed here, not in SQL, so the rule has one home) and the counts per state under every
 * filter but `state`; newest report first, never-reported last, ties by PIN. In memory over the
 * tenant's matching machines: a fleet of 10,000 is a few ms.
 */
export async function machineStates(
  ctx: AppContext,
  tenantIds: readonly number[],
  f: MachineFilter,
): Promise<{ rows: MachineRow[]; counts: Record<MachineState, number> }> {
  const now = ctx.now().getTime();
  const raw = await machinesWithLatest(ctx, tenantIds, f).execute();
  const all = raw.map((r): MachineRow => {
    const online = r.kind === "login";
    const lastReportAt = num(r.collected_at);
    const engineRpm = num(r.engine_rpm);
    const alarm = r.alarm ?? null;
    return {
      vin: r.vin,
      machineryType: r.machinery_type as MachineryType,
      brand: r.brand,
      model: r.cpxh,
      online,
      state: machineStateOf({ online, lastReportAt, engineRpm, alarm }, now),
      lastReportAt,
      engineRpm,
      loadPercent: num(r.load_percent),
      fuelRateLph: num(r.fuel_rate_lph),
      coolantC: num(r.coolant_c),
      workingHours: num(r.working_hours),
      longitude: num(r.longitude),
      latitude: num(r.latitude),
      alarm,
    };
  });
  const counts = countMachineStates(all.map((r) => r.state));
  const rows = (f.state ? all.filter((r) => r.state === f.state) : all).toSorted(
    (a, b) => (b.lastReportAt ?? -1) - (a.lastReportAt ?? -1) || (a.vin < b.vin ? -1 : a.vin > b.vin ? 1 : 0),
  );
  return { rows, counts };
}

export const MSG_MACHINE_NOT_FOUND = "未找到该PIN码的机械";

/** 400 on vin when the PIN is no machine of the tenants (another tenant's is not told apart). */
export async function mustSeeMachine(ctx: AppContext, vin: string, tenantIds: readonly number[]): Promise<void> {
  const row =
    tenantIds.length === 0
      ? undefined
      : await ctx.db
          .selectFrom("bss_machinery_info")
          .select("vin")
          .where("vin", "=", vin)
          .where("tenant_id", "in", [...tenantIds])
          .executeTakeFirst();
  if (row === undefined) throw invalidField("vin", MSG_MACHINE_NOT_FOUND);
}

/** A history query's range, refused (400 on startTime, nothing read) when reversed or over 7 days. */
export function historyRange(q: { startTime: number; endTime: number }) {
  const problem = machineRangeProblem(q.startTime, q.endTime, MACHINE_HISTORY_MAX_DAYS);
  if (problem) throw invalidField("startTime", problem);
  return q;
}

/** An online-time query's range, refused when reversed or over 31 days. */
export function onlineRange(q: { startTime: number; endTime: number }) {
  const problem = machineRangeProblem(q.startTime, q.endTime, ONLINE_TIME_MAX_DAYS);
  if (problem) throw invalidField("startTime", problem);
  return q;
}

/** One machine's reports over a range, newest first. */
export function historyQuery(ctx: AppContext, q: { vin: string; startTime: number; endTime: number }) {
  return ctx.db
    .selectFrom("machine_sample")
    .where("vin", "=", q.vin)
    .where("collected_at", ">=", q.startTime)
    .where("collected_at", "<=", q.endTime);
}

/** A report as the calls answer it. */
export function toSample(r: {
  collected_at: number | string;
  engine_rpm: number | null;
  load_percent: number | null;
  fuel_rate_lph: number | null;
  coolant_c: number | null;
  working_hours: number | null;
  speed_kmh: number | null;
  longitude: number | null;
  latitude: number | null;
  alarm: string | null;
}) {
  return {
    collectedAt: Number(r.collected_at),
    engineRpm: num(r.engine_rpm),
    loadPercent: num(r.load_percent),
    fuelRateLph: num(r.fuel_rate_lph),
    coolantC: num(r.coolant_c),
    workingHours: num(r.working_hours),
    speedKmh: num(r.speed_kmh),
    longitude: num(r.longitude),
    latitude: num(r.latitude),
    alarm: r.alarm,
  };
}
