import { type LatestSnapshot, socRangeProblem } from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import "../../../gateway/stores/latestStateTables";
import "../../../gateway/tables";
import { badRequest } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import "../../tsp-bss/tables";

/** The list's and export's filters (openapi listVehicleStates). */
export interface VehicleStateFilter {
  vin?: string | undefined;
  online?: "online" | "offline" | undefined;
  socMin?: number | undefined;
  socMax?: number | undefined;
  alarmLevel?: number | undefined;
  chargeState?: number | undefined;
}

/**
 * The caller's vehicles with their connection state (gateway_vehicle_state) and newest
 * new-energy unit (gateway_latest_state), filtered. A reversed SOC range answers 400 before
 * anything is read (the domain's rule, the screen's own check).
 */
export function filteredStates(db: Kysely<Database>, principal: Pick<Principal, "tenantIds">, f: VehicleStateFilter) {
  const problem = socRangeProblem(f.socMin, f.socMax);
  if (problem !== undefined) throw badRequest("请求参数不正确", [{ field: "socMin", msg: `socMin：${problem}` }]);
  const q = db
    .selectFrom("vehicle as v")
    .leftJoin("gateway_vehicle_state as g", "g.vin", "v.vin")
    .leftJoin("gateway_latest_state as l", "l.vin", "v.vin")
    .leftJoin("bss_model as m", "m.id", "v.model_id");
  return where(q, {
    tenant: ["v.tenant_id", principal],
    filters: (w) => [
      w.contains("v.vin", f.vin),
      f.online === undefined
        ? undefined
        : f.online === "online"
          ? sql<SqlBool>`g.online = true`
          : sql<SqlBool>`coalesce(g.online, false) = false`,
      f.socMin === undefined ? undefined : sql<SqlBool>`l.soc >= ${f.socMin}`,
      // Exclusive, so socMax=20 reads "SOC below 20 %".
      f.socMax === undefined ? undefined : sql<SqlBool>`l.soc < ${f.socMax}`,
      w.exact("l.alarm_level", f.alarmLevel),
      w.exact("l.charge_state", f.chargeState),
    ],
  });
}

export type StateQuery = ReturnType<typeof filteredStates>;

/** The columns a row needs. */
export const selectState = (q: StateQuery) =>
  q.select([
    "v.vin",
    "v.plate",
    "m.name as model_name",
    "g.online",
    "g.last_report_at",
    "g.last_login_at",
    "g.last_logout_at",
    "g.longitude as g_longitude",
    "g.latitude as g_latitude",
    "l.collected_at",
    "l.received_at",
    "l.longitude",
    "l.latitude",
    "l.snapshot",
  ]);

export type StateRow = Awaited<ReturnType<ReturnType<typeof selectState>["execute"]>>[number];

/** The list's order: the last report first (never-reported vehicles last), ties by VIN. */
export const orderStates = <Q extends ReturnType<typeof selectState>>(q: Q) =>
  q
    .orderBy(sql`coalesce(greatest(g.last_report_at, l.collected_at), g.last_report_at, l.collected_at)`, (ob) =>
      ob.desc().nullsLast(),
    )
    .orderBy("v.vin");

const snapshotOf = (r: StateRow): LatestSnapshot | null =>
  r.snapshot === null ? null : (JSON.parse(r.snapshot) as LatestSnapshot);

/** A row as the contract's VehicleStateRow. */
export function toStateRow(r: StateRow) {
  const s = snapshotOf(r);
  const reportAt = [r.last_report_at, r.collected_at].filter((t): t is number => t !== null).map(Number);
  return {
    vin: r.vin,
    plateNo: r.plate,
    modelName: r.model_name,
    online: r.online === true,
    lastReportAt: reportAt.length > 0 ? Math.max(...reportAt) : null,
    collectedAt: r.collected_at === null ? null : Number(r.collected_at),
    soc: s?.soc ?? null,
    speed: s?.speed ?? null,
    mileage: s?.mileage ?? null,
    totalVoltage: s?.totalVoltage ?? null,
    totalCurrent: s?.totalCurrent ?? null,
    vehicleState: s?.vehicleState ?? null,
    chargeState: s?.chargeState ?? null,
    alarmLevel: s?.alarmLevel ?? null,
    // The newest unit's place, else the last known of any protocol (JT/T 808, HJ 1239).
    longitude: r.longitude ?? r.g_longitude,
    latitude: r.latitude ?? r.g_latitude,
  };
}

/** A row as the contract's VehicleStateDetail. */
export function toStateDetail(r: StateRow) {
  const s = snapshotOf(r);
  return {
    ...toStateRow(r),
    lastLoginAt: r.last_login_at === null ? null : Number(r.last_login_at),
    lastLogoutAt: r.last_logout_at === null ? null : Number(r.last_logout_at),
    receivedAt: r.received_at === null ? null : Number(r.received_at),
    maxCellVoltage: s?.maxCellVoltage ?? null,
    minCellVoltage: s?.minCellVoltage ?? null,
    maxTemperature: s?.maxTemperature ?? null,
    minTemperature: s?.minTemperature ?? null,
    motors: [...(s?.motors ?? [])],
    alarms: [...(s?.alarms ?? [])],
  };
}
