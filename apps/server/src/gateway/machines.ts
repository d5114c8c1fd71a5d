import type { DieselStream, Hj1239Body, Hj1239Position, Quantity } from "@tsp/domain";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import "../services/tsp-bss/baseInfoRest/tables";
import "../services/tsp-shadow/machinery/tables";

/**
 * Non-road machines on the HJ 1239 / HJ 1322 port (非道路机械监控's live data).
 *
 * **How a machine's terminal is known.** An HJ 1322 terminal sends the machine's 17-character
 * PIN (机械识别码) where a truck's sends its VIN, and the platform's register of machines is
 * 机械信息 (`bss_machinery_info`, the register behind `nongji/listNoPage`), whose `vin` column
 * holds the PIN. So a frame's VIN that is in no tenant's vehicle table but is a PIN of some
 * tenant's 机械信息 is that machine; the vehicle register wins when a code is in both (a truck's
 * T-BOX is a vehicle terminal). The supervision terminal (监管终端管理, `bss_black_box`) is not
 * required: its binding is a filing record, and a machine whose terminal is not filed yet still
 * reports (备案 follows installation). A PIN removed from 机械信息 is refused like an unknown
 * VIN once the cache entry expires.
 *
 * **What it writes.** The machine's frames go to the raw journal like every frame, and to the
 * machinery stores instead of the vehicle ones (a machine has no row in `vehicle`, so the vehicle
 * latest state and the login journals would hold rows no tenant reads): login/logout →
 * `machine_connection`; real-time 0x02 and re-sent 0x03 → one `machine_sample` of the unit's
 * newest diesel sample (a unit carries ten one-second samples; the stores keep one per unit,
 * the terminal's report period, which is what the state, the history and the day figures read —
 * re-sent units fill the history in place, keyed by collection time, and never replace a newer
 * latest state, which is read as the newest row); 防拆报警 0x06 → a sample at the removal's time and
 * place with the alarm `终端拆除报警` (the alarm the machine state shows until the next report).
 * HJ 1239 has no engine-hours reading (HJ 1322's own layouts are unverified; the codec reads the
 * same bytes), so `working_hours` stays null; net torque stands for the load.
 */

/** The alarm a machine's anti-tamper report raises (the name the seed and 机械实时状态 use). */
export const MACHINE_TAMPER_ALARM = "终端拆除报警";

/** What a machine's frame adds to the machinery stores. */
export interface MachineWrite {
  readonly connection?: Database["machine_connection"];
  readonly sample?: Database["machine_sample"];
}

/** A cached "is this code a PIN of some tenant's 机械信息" (same cache rule as the VINs). */
export function machinePins(
  db: Kysely<Database>,
  now: () => number,
  cacheMs: number,
): (pin: string) => Promise<boolean> {
  const known = new Map<string, { known: boolean; at: number }>();
  return async (pin) => {
    const cached = known.get(pin);
    if (cached && now() - cached.at < cacheMs) return cached.known;
    const row = await db.selectFrom("bss_machinery_info").select("vin").where("vin", "=", pin).executeTakeFirst();
    known.set(pin, { known: row !== undefined, at: now() });
    return row !== undefined;
  };
}

const valid = (q: Quantity): number | null => (q.status === "valid" ? q.value : null);

function placed(p: Hj1239Position): { longitude: number | null; latitude: number | null } {
  const lon = valid(p.longitude);
  const lat = valid(p.latitude);
  if (!p.fixValid || lon === null || lat === null) return { longitude: null, latitude: null };
  return { longitude: p.west ? -lon : lon, latitude: p.south ? -lat : lat };
}

function sampleOf(pin: string, time: number, s: DieselStream): Database["machine_sample"] {
  return {
    vin: pin,
    collected_at: time,
    engine_rpm: valid(s.engineSpeed),
    load_percent: valid(s.netTorque),
    fuel_rate_lph: valid(s.fuelFlow),
    coolant_c: valid(s.coolantTemperature),
    working_hours: null,
    speed_kmh: valid(s.speed),
    ...placed(s.position),
    alarm: null,
  };
}

/** What a machine's decoded frame writes (nothing for time sync and other commands). */
export function machineWriteOf(pin: string, body: Hj1239Body): MachineWrite | undefined {
  switch (body.kind) {
    case "login":
      return { connection: { vin: pin, at: body.time, kind: "login" } };
    case "logout":
      return { connection: { vin: pin, at: body.time, kind: "logout" } };
    case "realtime": {
      let newest: { time: number; stream: DieselStream } | undefined;
      for (const item of body.items) {
        if (item.kind === "diesel" && (newest === undefined || item.time >= newest.time))
          newest = { time: item.time, stream: item.stream };
      }
      return newest ? { sample: sampleOf(pin, newest.time, newest.stream) } : undefined;
    }
    case "antiTamper":
      return {
        sample: {
          vin: pin,
          collected_at: body.time,
          engine_rpm: null,
          load_percent: null,
          fuel_rate_lph: null,
          coolant_c: null,
          working_hours: null,
          speed_kmh: null,
          ...placed(body.position),
          alarm: MACHINE_TAMPER_ALARM,
        },
      };
    default:
      return undefined;
  }
}

/** The batch's machine rows, in its transaction (a frame sent again keeps the first copy). */
export async function writeMachineStores(
  trx: Transaction<Database>,
  records: readonly { readonly status: string; readonly machine?: MachineWrite }[],
): Promise<void> {
  const connections: Database["machine_connection"][] = [];
  const samples = new Map<string, Database["machine_sample"]>();
  for (const r of records) {
    if (r.status !== "ok" || !r.machine) continue;
    const { connection, sample } = r.machine;
    if (connection) connections.push(connection);
    if (sample) samples.set(`${sample.vin}|${sample.collected_at}`, sample);
  }
  if (connections.length > 0) {
    await trx
      .insertInto("machine_connection")
      .values(connections)
      .onConflict((oc) => oc.columns(["vin", "at", "kind"]).doNothing())
      .execute();
  }
  if (samples.size > 0) {
    await trx
      .insertInto("machine_sample")
      .values([...samples.values()])
      .onConflict((oc) => oc.columns(["vin", "collected_at"]).doNothing())
      .execute();
  }
}
