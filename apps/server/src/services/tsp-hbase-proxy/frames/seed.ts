import {
  bytesToHex,
  COMMAND,
  decodeFrame,
  decodeMessage,
  ENCRYPTION,
  encodeCollectionTime,
  encodeFrame,
  encodeJt808Message,
  encodeRealtimeMessage,
  encodeVehicleLoginMessage,
  RESPONSE_COMMAND,
} from "@tsp/domain";
import { writeDecodedStores } from "../../../gateway/stores/decodedStores";
import { writeLatestState } from "../../../gateway/stores/latestState";
import { DAY_PARTITIONED, ensureDayPartitions } from "../../../gateway/stores/partitions";
import type { FrameStatus } from "../../../gateway/tables";
import { createRng, type Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CHINA_OFFSET_MS = 8 * HOUR;

/** Cities the demo fleet drives between (WGS-84, as a terminal reports). */
const CITIES: readonly (readonly [string, number, number])[] = [
  ["上海", 121.4737, 31.2304],
  ["苏州", 120.5853, 31.2989],
  ["杭州", 120.1551, 30.2741],
  ["南京", 118.7969, 32.0603],
  ["无锡", 120.3119, 31.4912],
  ["嘉兴", 120.7555, 30.7469],
  ["宁波", 121.544, 29.8683],
  ["合肥", 117.2272, 31.8206],
];

interface Row {
  received_at: number;
  vin: string | null;
  command: number | null;
  edition: number | null;
  raw_hex: string;
  status: FrameStatus;
  reason: string | null;
  peer: string;
}

const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }, what: string): T => {
  if (!r.ok) throw new Error(`seed frames: ${what}: ${r.error.message}`);
  return r.value;
};

/** A trip's positions: one a minute from `from` toward `to` at a varying speed. */
function trip(rng: Rng, from: readonly [number, number], to: readonly [number, number], minutes: number) {
  const [lon0, lat0] = from;
  const dx = (to[0] - lon0) * Math.cos((lat0 * Math.PI) / 180);
  const dy = to[1] - lat0;
  const len = Math.hypot(dx, dy) || 1;
  let lon = lon0;
  let lat = lat0;
  let km = 0;
  const points: { lon: number; lat: number; speed: number; km: number }[] = [];
  for (let m = 0; m < minutes; m++) {
    const speed = m === 0 ? 0 : rng.int(35, 95) + rng.int(0, 9) / 10;
    const step = speed / 60; // km this minute
    km += step;
    // 1° of latitude is ~111 km; a little sideways wander keeps the line a road, not a ruler.
    const wander = (rng.next() - 0.5) * 0.3;
    lat += ((dy / len) * step + (dx / len) * wander * step) / 111;
    lon += ((dx / len) * step - (dy / len) * wander * step) / (111 * Math.cos((lat * Math.PI) / 180));
    points.push({ lon: Math.round(lon * 1e6) / 1e6, lat: Math.round(lat * 1e6) / 1e6, speed, km });
  }
  return points;
}

/**
 * The gateway's frame journal for the demo fleet (issue 20's data-service screens): for every
 * vehicle, two trips a day on the two days before today (a real-time unit a minute, some
 * re-sent late), and one frame failing each check of 新能源报文检查 (two bad check codes).
 * Every frame is built by @tsp/domain's encoders and stored with the status and reason the
 * gateway would give it (its decoders are run on the bytes here), so the raw bytes and their
 * decoding agree. One vehicle in four (a T-BOX speaking both standards) reports its positions as
 * JT/T 808 0x0200, re-sending the tunnel's as 0x0704 type 1. Own PRNG: the
 * shared one, and so every other module's demo data, is left as it was.
 */
export async function seedFrames(ctx: SeedContext): Promise<void> {
  const rng = createRng(32_960);
  const nowMs = ctx.now.getTime();
  const todayChina = Math.floor((nowMs + CHINA_OFFSET_MS) / DAY);
  const rows: Row[] = [];
  ctx.vehicles.forEach((v, i) => {
    const peer = `10.${20 + (i % 8)}.${rng.int(1, 254)}.${rng.int(1, 254)}:${rng.int(20000, 60000)}`;
    const home = CITIES[i % CITIES.length] as (typeof CITIES)[number];
    const away = CITIES[(i + 1 + (i % 3)) % CITIES.length] as (typeof CITIES)[number];
    const jt808 = i % 4 === 3;
    let odometer = 3000 + i * 1234.5 + rng.int(0, 999);
    // Charged to different levels (no draw from the PRNG): a quarter of the fleet ends the two
    // days below 20 % SOC, as 车辆实时状态's low-battery filter expects to find.
    let soc = [95, 72, 50, 95][i % 4] ?? 95;
    for (const daysAgo of [2, 1]) {
      const day = (todayChina - daysAgo) * DAY - CHINA_OFFSET_MS;
      // Out in the morning from home toward the other city, back home in the afternoon from where
      // the morning ended: one continuous route a day.
      let here: readonly [number, number] = [home[1], home[2]];
      for (const [startHour, to] of [
        [rng.int(7, 9), [away[1], away[2]]],
        [rng.int(15, 17), [home[1], home[2]]],
      ] as const) {
        const start = day + startHour * HOUR + rng.int(0, 59) * MINUTE;
        const points = trip(rng, here, to, 30);
        const last = points.at(-1);
        if (last) here = [last.lon, last.lat];
        const resentFrom = rng.int(10, 20);
        points.forEach((p, m) => {
          const collectedAt = start + m * MINUTE;
          soc = Math.max(12, soc - 0.3);
          const mileage = Math.round((odometer + p.km) * 10) / 10;
          // A tunnel: three units re-sent twenty minutes late.
          const resent = m >= resentFrom && m < resentFrom + 3;
          const receivedAt = collectedAt + (resent ? 20 * MINUTE : 1000 + rng.int(0, 1500));
          // Yesterday morning an alarm of four minutes (issue 16's alarm journals), growing to
          // level 2 for its last two; once a trip an SOC the BMS could not read (无效).
          const alarmOn = daysAgo === 1 && startHour < 12 && m >= 5 && m <= 8;
          const worse = m >= 7;
          if (jt808) {
            const phone = `0138${String(10_000_000 + i).slice(-8)}`;
            const location = {
              // 超速报警 (bit 1), then also 疲劳驾驶 (bit 2).
              alarm: alarmOn ? 0x02 | (worse ? 0x04 : 0) : 0,
              status: 0x03,
              latitude: Math.round(p.lat * 1e6),
              longitude: Math.round(p.lon * 1e6),
              altitude: rng.int(2, 60),
              speed: Math.round(p.speed * 10),
              direction: rng.int(0, 359),
              time: collectedAt,
              items: [{ kind: "mileage" as const, value: Math.round(mileage * 10) }],
            };
            // Out of the tunnel the terminal re-sends what it kept as a 0x0704 blind-area batch (type 1).
            const bytes = encodeJt808Message(
              { edition: 2013, encryption: 0, phone, serial: (i * 997 + m + daysAgo * 61) % 65536 },
              resent
                ? { kind: "batchLocation", batch: { type: 1, locations: [location] } }
                : { kind: "location", location },
            );
            rows.push({
              received_at: receivedAt,
              vin: v.vin,
              command: resent ? 0x0704 : 0x0200,
              edition: 2013,
              raw_hex: bytesToHex(must(bytes, v.vin)),
              status: "ok",
              reason: null,
              peer,
            });
            return;
          }
          const hex = must(
            encodeRealtimeMessage(v.vin, {
              collectedAt,
              resent,
              longitude: p.lon,
              latitude: p.lat,
              speedKmh: p.speed,
              mileageKm: mileage,
              soc: Math.round(soc),
              voltage: 340 + rng.int(0, 300) / 10,
              current: p.speed === 0 ? 2 : 20 + rng.int(0, 800) / 10,
              // 绝缘报警 (bit 11), then also 电池高温报警 (bit 1) at level 2.
              ...(alarmOn ? { alarm: { level: worse ? 2 : 1, flags: (1 << 11) | (worse ? 1 << 1 : 0) } } : {}),
              ...(m === 26 ? { socStatus: "invalid" as const } : {}),
            }),
            v.vin,
          );
          rows.push({
            received_at: receivedAt,
            vin: v.vin,
            command: resent ? COMMAND.resentData : COMMAND.realtimeData,
            edition: 2016,
            raw_hex: hex,
            status: "ok",
            reason: null,
            peer,
          });
        });
        odometer += points.at(-1)?.km ?? 0;
      }
    }
    rows.push(...failingFrames(rng, v.vin, nowMs, peer));
  });
  rows.sort((a, b) => a.received_at - b.received_at);
  const days = new Set(rows.map((r) => Math.floor(r.received_at / DAY)));
  // The journal's and the decoded stores' days; positions and alarm episodes through the gateway's own writer.
  await ensureDayPartitions(
    ctx.db,
    DAY_PARTITIONED,
    [...days].map((d) => d * DAY),
    new Set(),
  );
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const ids = await ctx.db.insertInto("gateway_frame").values(chunk).returning("id").execute();
    const stored = chunk.map((r, k) => ({
      id: Number(ids[k]?.id),
      receivedAt: r.received_at,
      vin: r.vin,
      rawHex: r.raw_hex,
      status: r.status,
    }));
    await writeDecodedStores(ctx.db, stored);
    // The latest state per VIN (车辆实时状态) through the same writer as the gateway's.
    await writeLatestState(ctx.db, stored);
  }
}

/** One frame failing each rule (two wrong check codes), at times within the last three days. */
function failingFrames(rng: Rng, vin: string, nowMs: number, peer: string): Row[] {
  const at = () => nowMs - rng.int(2 * HOUR, 3 * DAY);
  const realtime = (t: number) =>
    must(
      encodeRealtimeMessage(vin, {
        collectedAt: t,
        longitude: 121.4 + rng.int(0, 999) / 10_000,
        latitude: 31.2 + rng.int(0, 999) / 10_000,
        speedKmh: rng.int(0, 80),
        mileageKm: 8000 + rng.int(0, 9999),
        soc: rng.int(20, 90),
      }),
      vin,
    );
  const out: Row[] = [];
  const push = (receivedAt: number, hex: string, status: FrameStatus, reason: string | null) => {
    const bytes = must(decodeFrame(hex), "header").command;
    out.push({
      received_at: receivedAt,
      vin,
      command: bytes,
      edition: hex.startsWith("24") ? 2025 : 2016,
      raw_hex: hex,
      status,
      reason,
      peer,
    });
  };
  /** A frame the gateway could not trust: stored as `bad-frame` with the decoder's reason. */
  const badFrame = (receivedAt: number, hex: string) => {
    const decoded = decodeFrame(hex);
    if (decoded.ok) throw new Error("seed frames: a bad frame decoded");
    out.push({
      received_at: receivedAt,
      vin,
      command: Number.parseInt(hex.slice(4, 6), 16),
      edition: null,
      raw_hex: hex,
      status: "bad-frame",
      reason: decoded.error.message,
      peer,
    });
  };
  // 校验码错误: a bit flipped in transit (the BCC no longer matches), twice.
  for (let k = 0; k < 2; k++) {
    const t = at();
    const hex = realtime(t - 1000);
    const flipped = (Number.parseInt(hex.slice(-2), 16) ^ 0x5a).toString(16).toUpperCase().padStart(2, "0");
    badFrame(t, hex.slice(0, -2) + flipped);
  }
  // 报文结构错误: the frame cut short (the length field promises more than arrived).
  {
    const t = at();
    const hex = realtime(t - 1000);
    badFrame(t, hex.slice(0, -12));
  }
  // 数据单元错误: a position item cut after two bytes.
  {
    const t = at();
    const data = Uint8Array.from([...must(encodeCollectionTime(t - 1000), "time"), 0x05, 0x00, 0x07]);
    const hex = bytesToHex(
      must(
        encodeFrame({
          edition: 2016,
          command: COMMAND.realtimeData,
          responseFlag: RESPONSE_COMMAND,
          vin,
          encryption: ENCRYPTION.none,
          data,
        }),
        "bad body",
      ),
    );
    const decoded = decodeMessage(hex);
    if (decoded.ok) throw new Error("seed frames: a bad body decoded");
    push(t, hex, "bad-body", decoded.error.message);
  }
  // VIN未知: sent before the vehicle was filed in master data.
  {
    const t = at();
    push(t, realtime(t - 1000), "vin-unknown", `VIN“${vin}”不在任何租户的车辆表中`);
  }
  // VIN重复登入: a second T-BOX (or a reconnect before the old link timed out) logging in.
  {
    const t = at();
    const login = must(
      encodeVehicleLoginMessage(vin, {
        edition: 2016,
        collectedAt: t - 1000,
        serial: rng.int(1, 60000),
        iccid: `89860${String(rng.int(100000, 999999)).padEnd(15, "0")}`,
        codeLength: 0,
        subsystemCodes: [],
      }),
      "login",
    );
    push(t, login, "vin-duplicate", `VIN“${vin}”已在另一连接登入`);
  }
  // 数据单元加密: an RSA-encrypted unit (the platform holds no keys).
  {
    const t = at();
    const data = Uint8Array.from({ length: 32 }, () => rng.int(0, 255));
    const hex = bytesToHex(
      must(
        encodeFrame({
          edition: 2016,
          command: COMMAND.realtimeData,
          responseFlag: RESPONSE_COMMAND,
          vin,
          encryption: ENCRYPTION.rsa,
          data,
        }),
        "encrypted",
      ),
    );
    push(t, hex, "encrypted", "数据单元已加密，网关未持有密钥");
  }
  // 不支持的命令: a platform login (0x05), which a vehicle's T-BOX should not send.
  {
    const t = at();
    const data = Uint8Array.from([
      ...must(encodeCollectionTime(t - 1000), "time"),
      0x00,
      0x01,
      ...Array.from("platformuser", (c) => c.charCodeAt(0)),
      ...Array.from("P@ssw0rdP@ssw0rd0000", (c) => c.charCodeAt(0)),
      0x01,
    ]);
    const hex = bytesToHex(
      must(
        encodeFrame({
          edition: 2016,
          command: COMMAND.platformLogin,
          responseFlag: RESPONSE_COMMAND,
          vin,
          encryption: ENCRYPTION.none,
          data,
        }),
        "platform login",
      ),
    );
    push(t, hex, "unsupported", null);
  }
  return out;
}
