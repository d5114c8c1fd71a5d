import { bytesToHex, type DieselReadings, encodeHj1239Realtime, type Hj1239ItemToWrite } from "@tsp/domain";
import { writeDecodedStores } from "../../../gateway/stores/decodedStores";
import { DAY_PARTITIONED, ensureDayPartitions } from "../../../gateway/stores/partitions";
import { createRng, type Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CHINA_OFFSET_MS = 8 * HOUR;

/** Where the diesel trucks start: depots of eastern China (WGS-84). */
const DEPOTS: readonly (readonly [number, number])[] = [
  [121.3312, 31.1916],
  [120.2101, 30.2087],
  [118.8624, 32.0411],
  [117.2843, 31.8612],
];

/** Fault codes an OBD item of a worn truck carries (J1939 SPN/FMI packed in 4 bytes). */
const FAULT_CODES = ["000F2F0D", "000C1B12"];

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function sample(
  rng: Rng,
  speed: number,
  minute: number,
  fuel: number,
  reagent: number,
  pos: [number, number],
  km: number,
) {
  const warm = 1 - Math.exp(-minute / 6);
  const torque = round(18 + speed * 0.4, 1);
  const inlet = round(20 + (130 + torque * 4) * warm, 1);
  const upstream = round(300 + torque * 10, 1);
  const stream: DieselReadings = {
    speedKmh: round(speed, 1),
    barometricKpa: 100.5,
    netTorquePercent: torque,
    frictionTorquePercent: 8,
    engineRpm: round(650 + speed * 13 + rng.int(0, 40), 1),
    fuelFlowLph: round(2 + speed * 0.35, 2),
    scrUpstreamNoxPpm: upstream,
    scrDownstreamNoxPpm: round(upstream * (inlet >= 200 ? 0.05 : 0.6), 1),
    reagentPercent: reagent,
    airIntakeKgph: round(150 + speed * 6, 1),
    scrInletC: inlet,
    scrOutletC: round(inlet - 15 * warm, 1),
    dpfDropKpa: round(1 + speed * 0.03, 1),
    coolantC: Math.round(20 + 65 * warm),
    fuelPercent: fuel,
    position: { lng: round(pos[0], 6), lat: round(pos[1], 6) },
    odometerKm: round(km, 1),
  };
  return stream;
}

/**
 * 燃油车国标数据's demo history: the vehicles whose T-BOX is filed as HJ 1239 (the diesel trucks
 * the simulator drives with it) report one morning trip three days ago — a real-time unit a
 * minute carrying ten one-second diesel samples, the OBD item at the start and every ten
 * minutes (every third truck with its MIL on and two fault codes), a fuel level the sensor could
 * not read (无效) once, and three units re-sent (0x03) after a dead zone — built by @tsp/domain's
 * encoder and stored through the gateway's journal and decoded-store writer. Only the platform
 * seed's vehicles (the fleet the frames seed drives); three days ago, so the GB/T 32960 trips
 * the frames seed gives each of them on the two days before today stay as they were (a
 * T-BOX filed as HJ 1239 thus also has GB/T 32960 history, as the frames seed ignores the
 * register's protocol). Own PRNG.
 */
export async function seedHj1239Frames(ctx: SeedContext): Promise<void> {
  const rng = createRng(1239);
  // The demo fleet the frames seed drives (its other journals' vehicles), where the T-BOX is HJ 1239.
  const fleet = ctx.vehicles.map((v) => v.vin);
  if (fleet.length === 0) return;
  const trucks = await ctx.db
    .selectFrom("vehicle as v")
    .innerJoin("bss_tbox as t", "t.sn", "v.tbox_sn")
    .select(["v.vin"])
    .where("t.protocol", "=", "HJ1239")
    .where("v.vin", "in", fleet)
    .orderBy("v.vin")
    .execute();
  const day = (Math.floor((ctx.now.getTime() + CHINA_OFFSET_MS) / DAY) - 3) * DAY - CHINA_OFFSET_MS;
  const rows: {
    received_at: number;
    vin: string;
    command: null;
    edition: null;
    raw_hex: string;
    status: "ok";
    reason: null;
    peer: string;
  }[] = [];
  trucks.forEach(({ vin }, i) => {
    const peer = `10.39.${rng.int(1, 254)}.${rng.int(1, 254)}:${rng.int(20000, 60000)}`;
    const start = day + (9 + (i % 3)) * HOUR + rng.int(0, 59) * MINUTE;
    const worn = i % 3 === 0;
    const heading = (rng.int(0, 359) * Math.PI) / 180;
    const depot = DEPOTS[i % DEPOTS.length] as readonly [number, number];
    let pos: [number, number] = [depot[0], depot[1]];
    let km = 40_000 + i * 3_517.3 + rng.int(0, 999);
    let fuel = rng.int(55, 90);
    let reagent = rng.int(40, 80);
    let speed = 0;
    const resentFrom = rng.int(12, 20);
    for (let m = 0; m < 30; m++) {
      const unitTime = start + m * MINUTE;
      const items: Hj1239ItemToWrite[] = [];
      if (m % 10 === 0) {
        items.push({
          kind: "obd",
          time: unitTime - 10 * SECOND,
          obd: {
            protocol: 2,
            milOn: worn,
            diagnosisSupport: 0x0f7f,
            diagnosisReadiness: worn ? 0x0004 : 0,
            vin,
            calibrationId: `CAL${vin.slice(-8)}`,
            calibrationVerification: `CVN${vin.slice(-8)}`,
            iupr: Array.from({ length: 18 }, (_, k) => 100 + k * 3),
            faultCodes: worn ? FAULT_CODES : [],
          },
        });
      }
      for (let s = 0; s < 10; s++) {
        // Speed wanders toward a cruise of 60–85 km/h after pulling away.
        const target = m === 0 ? 10 * s : 60 + rng.int(0, 25);
        speed = Math.max(0, speed + (target - speed) * 0.2);
        const step = speed / 3600; // km this second
        km += step;
        pos = [pos[0] + (Math.cos(heading) * step) / 95, pos[1] + (Math.sin(heading) * step) / 111];
        const stream = sample(rng, speed, m + s / 60, fuel, reagent, pos, km);
        items.push({
          kind: "diesel",
          time: unitTime - (9 - s) * SECOND,
          // Once a trip the fuel sender could not be read (the standard's 无效).
          stream: m === 7 && s === 3 ? { ...stream, fuelPercent: "invalid" } : stream,
        });
      }
      fuel = round(Math.max(5, fuel - 0.05), 1);
      reagent = round(Math.max(5, reagent - 0.01), 1);
      const resent = m >= resentFrom && m < resentFrom + 3;
      const bytes = encodeHj1239Realtime(
        { vin, softwareVersion: 3 },
        { time: unitTime, serial: (m + 1) % 65536, resent, items },
      );
      if (!bytes.ok) throw new Error(`seed HJ 1239 frames: ${vin}: ${bytes.error.message}`);
      rows.push({
        received_at: unitTime + (resent ? 15 * MINUTE : 800 + rng.int(0, 1200)),
        vin,
        command: null,
        edition: null,
        raw_hex: bytesToHex(bytes.value),
        status: "ok",
        reason: null,
        peer,
      });
    }
  });
  if (rows.length === 0) return;
  rows.sort((a, b) => a.received_at - b.received_at);
  const days = [...new Set(rows.map((r) => Math.floor(r.received_at / DAY)))].map((d) => d * DAY);
  await ensureDayPartitions(ctx.db, DAY_PARTITIONED, days, new Set());
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const ids = await ctx.db.insertInto("gateway_frame").values(chunk).returning("id").execute();
    await writeDecodedStores(
      ctx.db,
      chunk.map((r, k) => ({
        id: Number(ids[k]?.id),
        receivedAt: r.received_at,
        vin: r.vin,
        rawHex: r.raw_hex,
        status: r.status,
      })),
    );
  }
}
