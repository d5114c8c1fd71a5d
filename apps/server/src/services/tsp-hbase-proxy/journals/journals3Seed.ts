import {
  bytesToHex,
  COMMAND,
  type EmergencyCall,
  emergencyCallItem,
  encodeJt808Message,
  encodeRealtimeMessage,
} from "@tsp/domain";
import { writeDecodedStores } from "../../../gateway/stores/decodedStores";
import { DAY_PARTITIONED, ensureDayPartitions } from "../../../gateway/stores/partitions";
import { createRng } from "../../../seed/rng";
import type { SeedContext } from "../../types";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CHINA_OFFSET_MS = 8 * HOUR;
/** Nine days ago: before the week the other journals' tests and demo trips read, so their figures stay. */
const DAYS_AGO = 9;
const MINUTES = 20;

/** Codes of 报文故障码管理's seed (0000A001 BMS内部通信故障, 0000B010 旋变信号异常) and one nobody registered. */
const BMS_COMM = 0x0000a001;
const RESOLVER = 0x0000b010;
const UNREGISTERED = 0x0000c0ff;

interface Row {
  received_at: number;
  vin: string;
  command: number;
  edition: number;
  raw_hex: string;
  status: "ok";
  reason: null;
  peer: string;
}

const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }, what: string): T => {
  if (!r.ok) throw new Error(`seed journals 3: ${what}: ${r.error.message}`);
  return r.value;
};

/** Speed of minute m of the 20-minute drive: pulling away, cruising, standing at the end. */
const speedAt = (m: number, cruise: number) => (m === 0 || m >= MINUTES - 2 ? 0 : m === 1 ? 20 : cruise);

/**
 * 故障上报报文's and ECALL/BCALL报文's demo history (and with them more trips and machine-days
 * for 行程数据报文 and 农机可靠性试验补发数据统计): nine days ago every vehicle of the platform
 * seed's fleet drives twenty minutes, a report a minute, built by @tsp/domain's encoders and
 * stored through the gateway's journal and decoded-store writer.
 * - GB/T 32960 vehicles: from minute 6 a level-1 报警数据 with battery fault 0000A001, from
 *   minute 11 level 2 adding motor fault 0000B010 and other fault 0000C0FF (unregistered), over
 *   at 16; units 12–14 re-sent late (a dead zone).
 * - JT/T 808 vehicles (one in four, as the frames seed): an automatic E-call at minute 8 (alarm
 *   bit 0, the designed 0xEC item: 呼叫中, 已接通 at 9, 已挂断 at 11, standing), a manual B-call
 *   at 14–16, and a GNSS module fault (alarm bit 4) at 17–19.
 * Own PRNG; the phone numbers are the frames seed's.
 */
export async function seedJournals3(ctx: SeedContext): Promise<void> {
  const rng = createRng(16_003);
  const todayChina = Math.floor((ctx.now.getTime() + CHINA_OFFSET_MS) / DAY);
  const day = (todayChina - DAYS_AGO) * DAY - CHINA_OFFSET_MS;
  const rows: Row[] = [];
  ctx.vehicles.forEach((v, i) => {
    const peer = `10.16.${rng.int(1, 254)}.${rng.int(1, 254)}:${rng.int(20000, 60000)}`;
    const start = day + (10 + (i % 3)) * HOUR + rng.int(0, 40) * MINUTE;
    const cruise = 40 + rng.int(0, 40);
    let lon = 121.2 + (i % 7) * 0.05;
    let lat = 31.1 + (i % 5) * 0.04;
    let km = 5000 + i * 811.7;
    const jt808 = i % 4 === 3;
    for (let m = 0; m < MINUTES; m++) {
      const at = start + m * MINUTE;
      let speed = speedAt(m, cruise);
      if (jt808 && m >= 8 && m <= 11) speed = 0; // stopped after the crash the E-call reports
      km += speed / 60;
      lon += speed / 60 / 95;
      lat += speed / 60 / 400;
      if (jt808) {
        const calls: (EmergencyCall & { callId: number })[] = [];
        const eState = ({ 8: "dialing", 9: "connected", 11: "ended" } as const)[m];
        if (eState) calls.push({ type: "E", trigger: "auto", state: eState, callId: i * 10 + 1 });
        const bState = ({ 14: "dialing", 15: "connected", 16: "ended" } as const)[m];
        if (bState) calls.push({ type: "B", trigger: "manual", state: bState, callId: i * 10 + 2 });
        // 紧急报警 while the E-call is on; GNSS模块发生故障 at the end of the drive.
        const alarm = (m === 8 || m === 9 ? 1 : 0) | (m >= 17 && m <= 19 ? 1 << 4 : 0);
        const phone = `0138${String(10_000_000 + i).slice(-8)}`;
        const bytes = encodeJt808Message(
          { edition: 2013, encryption: 0, phone, serial: (i * 131 + m) % 65536 },
          {
            kind: "location",
            location: {
              alarm,
              status: 0x03,
              latitude: Math.round(lat * 1e6),
              longitude: Math.round(lon * 1e6),
              altitude: 8,
              speed: Math.round(speed * 10),
              direction: 75,
              time: at,
              items: [
                { kind: "mileage" as const, value: Math.round(km * 10) },
                ...calls.map((c) => emergencyCallItem(c)),
              ],
            },
          },
        );
        rows.push({
          received_at: at + 900 + rng.int(0, 900),
          vin: v.vin,
          command: 0x0200,
          edition: 2013,
          raw_hex: bytesToHex(must(bytes, v.vin)),
          status: "ok",
          reason: null,
          peer,
        });
        continue;
      }
      const resent = m >= 12 && m <= 14;
      const faulty = m >= 6 && m <= 15;
      const worse = m >= 11;
      const hex = must(
        encodeRealtimeMessage(v.vin, {
          collectedAt: at,
          resent,
          longitude: Math.round(lon * 1e6) / 1e6,
          latitude: Math.round(lat * 1e6) / 1e6,
          speedKmh: speed,
          mileageKm: Math.round(km * 10) / 10,
          soc: Math.round(70 - m * 0.4),
          ...(faulty
            ? {
                alarm: {
                  level: worse ? 2 : 1,
                  flags: 0,
                  faults: worse
                    ? { battery: [BMS_COMM], motor: [RESOLVER], other: [UNREGISTERED] }
                    : { battery: [BMS_COMM] },
                },
              }
            : {}),
          ...(speed === 0 && m > 0 ? { mode: "parked" as const } : {}),
        }),
        v.vin,
      );
      rows.push({
        received_at: at + (resent ? 6 * MINUTE : 900 + rng.int(0, 900)),
        vin: v.vin,
        command: resent ? COMMAND.resentData : COMMAND.realtimeData,
        edition: 2016,
        raw_hex: hex,
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
