import {
  decodeGeofence,
  type FenceEventKind,
  type FencePosition,
  type FenceState,
  type FenceWatch,
  fenceAlarmName,
  stepFence,
} from "@tsp/domain";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Database } from "../../db/schema";
import type { GeofenceTable } from "./tables";

/** A position as the decoded stores wrote it (gateway_position's columns). */
export interface FencePositionRow {
  readonly frame_id: number;
  readonly received_at: number;
  readonly vin: string;
  readonly protocol: string;
  readonly collected_at: number;
  readonly resent: boolean;
  readonly fix_valid: boolean;
  readonly longitude: number | null;
  readonly latitude: number | null;
  readonly speed_kmh: number | null;
}

type Fence = Selectable<GeofenceTable>;

function watchOf(f: Fence): FenceWatch | null {
  const shape = decodeGeofence({ type: f.type, position: f.position, radius: f.radius });
  if (!shape.ok) return null;
  return {
    shape: shape.value,
    rule: f.rule,
    window: f.window_start === null || f.window_end === null ? null : { start: f.window_start, end: f.window_end },
    speedLimit: f.speed_limit,
  };
}

/**
 * 电子围栏 on ingest, in the batch's transaction after the positions: every fixed, live (not
 * re-sent) position of a vehicle some fence watches — bound by VIN or through a 车辆分组 — is
 * stepped through @tsp/domain `stepFence` per (fence, vehicle) in collection order; events are
 * written, an event the fence's rule alarms on opens a gateway_alarm episode (故障报警, 个人消息)
 * named `围栏驶入：<fence>` etc. at the fence's level, and a crossing back ends it. A batch of
 * vehicles no fence watches costs one indexed query.
 */
export async function writeFenceEvents(trx: Kysely<Database>, positions: readonly FencePositionRow[]): Promise<void> {
  const live = positions.filter((p) => p.fix_valid && !p.resent && p.longitude !== null && p.latitude !== null);
  if (live.length === 0) return;
  const vins = [...new Set(live.map((p) => p.vin))];
  const bindings = await trx
    .selectFrom("geofence_binding")
    .select(["fence_id", "vin", "group_id"])
    // The batch's VINs as one array parameter (an IN list bound up to 1,000 a batch, every batch).
    .where((eb) => eb.or([sql<boolean>`vin = any(${vins}::text[])`, eb("group_id", "is not", null)]))
    .execute();
  if (bindings.length === 0) return;
  const pairs = new Set<string>();
  for (const b of bindings) if (b.vin !== null) pairs.add(`${b.fence_id}|${b.vin}`);
  const groupIds = [...new Set(bindings.flatMap((b) => (b.group_id === null ? [] : [b.group_id])))];
  if (groupIds.length > 0) {
    const members = await sql<{ group_id: number; vin: string }>`
      select group_id, vin from operate_vehicle_group_member
      where group_id in (${sql.join(groupIds)}) and vin in (${sql.join(vins)})`.execute(trx);
    for (const m of members.rows)
      for (const b of bindings) if (b.group_id === m.group_id) pairs.add(`${b.fence_id}|${m.vin}`);
  }
  if (pairs.size === 0) return;
  const fenceIds = [...new Set([...pairs].map((k) => Number(k.split("|")[0])))];
  const fences = new Map(
    (await trx.selectFrom("geofence").selectAll().where("id", "in", fenceIds).execute()).map((f) => [f.id, f]),
  );
  const states = new Map(
    (
      await trx
        .selectFrom("geofence_state")
        .selectAll()
        .where("fence_id", "in", fenceIds)
        .where("vin", "in", vins)
        .execute()
    ).map((s) => [`${s.fence_id}|${s.vin}`, { inside: s.inside, over: s.over, at: Number(s.at) } as FenceState]),
  );
  const byVin = new Map<string, FencePositionRow[]>();
  for (const p of live.toSorted((a, b) => a.collected_at - b.collected_at)) {
    const list = byVin.get(p.vin) ?? [];
    list.push(p);
    byVin.set(p.vin, list);
  }
  for (const key of pairs) {
    const [fenceText, vin] = key.split("|") as [string, string];
    const fence = fences.get(Number(fenceText));
    const watch = fence ? watchOf(fence) : null;
    if (!fence || !watch) continue;
    let state = states.get(key) ?? null;
    const before = state;
    for (const p of byVin.get(vin) ?? []) {
      const at: FencePosition = {
        at: p.collected_at,
        lng: p.longitude as number,
        lat: p.latitude as number,
        speed: p.speed_kmh,
      };
      const step = stepFence(watch, state, at);
      state = step.state;
      for (const kind of step.ends) await endAlarms(trx, fence.id, vin, kind, p);
      for (const e of step.events) {
        const alarm = e.alarm
          ? await trx
              .insertInto("gateway_alarm")
              .values({
                received_at: p.received_at,
                vin,
                protocol: p.protocol,
                name: fenceAlarmName(e.kind, fence.name),
                level: fence.level,
                started_at: e.at,
                ended_at: null,
                start_frame_id: p.frame_id,
                end_frame_id: null,
              })
              .returning("id")
              .executeTakeFirstOrThrow()
          : null;
        await trx
          .insertInto("geofence_event")
          .values({
            fence_id: fence.id,
            vin,
            kind: e.kind,
            at: e.at,
            longitude: at.lng,
            latitude: at.lat,
            speed_kmh: p.speed_kmh,
            alarmed: e.alarm,
            alarm_id: alarm === null ? null : Number(alarm.id),
            frame_id: p.frame_id,
          })
          .execute();
      }
    }
    if (state !== null && state !== before) {
      await trx
        .insertInto("geofence_state")
        .values({ fence_id: fence.id, vin, ...state })
        .onConflict((c) =>
          c.columns(["fence_id", "vin"]).doUpdateSet({ inside: state.inside, over: state.over, at: state.at }),
        )
        .execute();
    }
  }
}

/** Ends the (fence, vehicle)'s episodes of a kind still on, at this position. */
async function endAlarms(
  trx: Kysely<Database>,
  fenceId: number,
  vin: string,
  kind: FenceEventKind,
  p: FencePositionRow,
) {
  await trx
    .updateTable("gateway_alarm")
    .set({ ended_at: p.collected_at, end_frame_id: p.frame_id })
    .where("vin", "=", vin)
    .where("ended_at", "is", null)
    .where("id", "in", (eb) =>
      eb
        .selectFrom("geofence_event")
        .select("alarm_id")
        .where("fence_id", "=", fenceId)
        .where("vin", "=", vin)
        .where("kind", "=", kind)
        .where("alarm_id", "is not", null),
    )
    .execute();
}
