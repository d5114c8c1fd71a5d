import { COMMAND } from "../gbt32960/codes";
import { hexToBytes } from "../gbt32960/hex";
import { decodeMessage } from "../gbt32960/message";
import type { Quantity } from "../gbt32960/realtime/quantity";
import { JT808_BATCH_RESENT } from "../jt808/batchLocation";
import { type Jt808Location, jt808Coordinates } from "../jt808/location";
import { decodeJt808Message } from "../jt808/message";

/** Which standard a reported position (or T-BOX report) came in. */
export type FrameProtocol = "gbt32960" | "jt808";

/** Which standard a stored frame speaks, read from its first bytes (HJ 1239 reports no T-BOX positions). */
export type StoredFrameProtocol = FrameProtocol | "hj1239";

/**
 * One position a frame reported (位置数据查询): WGS-84 degrees, signed (south and west
 * negative), present only with a valid fix; speed, odometer and SOC when the frame carried
 * them as valid values.
 */
export interface FramePosition {
  readonly protocol: FrameProtocol;
  /** The terminal's collection time, epoch ms. */
  readonly collectedAt: number;
  /** Re-sent data (GB/T 32960 0x03, JT/T 808 0x0704 type 1). */
  readonly resent: boolean;
  readonly fixValid: boolean;
  readonly longitude: number | null;
  readonly latitude: number | null;
  readonly speedKmh: number | null;
  readonly mileageKm: number | null;
  readonly soc: number | null;
}

/**
 * The protocol of a stored frame's hex (`##`/`$$` GB/T 32960, `7E` JT/T 808, `##` with a
 * printable VIN character at byte 3 HJ 1239), or null. Both `##` standards are told apart by
 * byte 3: GB/T 32960's response flag (0x01–0x04, 0xFE; never printable) against HJ 1239's first
 * VIN character (0x20–0x7E; HJ 1239 has no response-flag byte). A `##` frame cut before byte 3
 * stays GB/T 32960, as before.
 */
export function frameProtocol(rawHex: string): StoredFrameProtocol | null {
  const head = rawHex.slice(0, 4).toUpperCase();
  if (head === "2323") {
    const third = Number.parseInt(rawHex.slice(6, 8), 16);
    return third >= 0x20 && third <= 0x7e ? "hj1239" : "gbt32960";
  }
  if (head === "2424") return "gbt32960";
  if (head.startsWith("7E")) return "jt808";
  return null;
}

const valid = (q: Quantity | undefined): number | null => (q?.status === "valid" ? q.value : null);

function gbtPositions(rawHex: string): FramePosition[] {
  const decoded = decodeMessage(rawHex);
  if (!decoded.ok || decoded.value.body.kind !== "realtime") return [];
  const { realtime } = decoded.value.body;
  let vehicle: { speedKmh: number | null; mileageKm: number | null; soc: number | null } = {
    speedKmh: null,
    mileageKm: null,
    soc: null,
  };
  const positions: FramePosition[] = [];
  for (const item of realtime.items) {
    if (item.kind === "vehicle") {
      vehicle = {
        speedKmh: valid(item.vehicle.speed),
        mileageKm: valid(item.vehicle.odometer),
        soc: valid(item.vehicle.soc),
      };
    } else if (item.kind === "position") {
      const p = item.position;
      const lon = valid(p.longitude);
      const lat = valid(p.latitude);
      const fixed = p.fixValid && lon !== null && lat !== null;
      positions.push({
        protocol: "gbt32960",
        collectedAt: realtime.collectedAt,
        resent: decoded.value.frame.command === COMMAND.resentData,
        fixValid: fixed,
        longitude: fixed && lon !== null ? (p.west ? -lon : lon) : null,
        latitude: fixed && lat !== null ? (p.south ? -lat : lat) : null,
        speedKmh: null,
        mileageKm: null,
        soc: null,
      });
    }
  }
  return positions.map((p) => ({ ...p, ...vehicle }));
}

function jt808Position(l: Jt808Location, resent: boolean): FramePosition {
  // Status bit 1: 0 未定位, 1 定位 (JT/T 808 表25).
  const fixValid = (l.status & 0x02) !== 0;
  const { latitude, longitude } = jt808Coordinates(l);
  const mileage = l.items.find((i): i is { readonly kind: "mileage"; readonly value: number } => i.kind === "mileage");
  return {
    protocol: "jt808",
    collectedAt: l.time,
    resent,
    fixValid,
    longitude: fixValid ? longitude : null,
    latitude: fixValid ? latitude : null,
    speedKmh: l.speed / 10,
    mileageKm: mileage ? mileage.value / 10 : null,
    soc: null,
  };
}

/**
 * The locations a stored JT/T 808 frame reported: a location report (0x0200), or each entry of a
 * batch (0x0704), re-sent when the batch says so. A frame that does not decode reports none.
 */
export function jt808FrameLocations(rawHex: string): { location: Jt808Location; resent: boolean }[] {
  const bytes = hexToBytes(rawHex);
  if (!bytes.ok) return [];
  const message = decodeJt808Message(bytes.value);
  if (!message.ok) return [];
  const { body } = message.value;
  if (body.kind === "location") return [{ location: body.location, resent: false }];
  if (body.kind === "batchLocation") {
    const resent = body.batch.type === JT808_BATCH_RESENT;
    return body.batch.locations.map((entry) => ({ location: entry, resent }));
  }
  return [];
}

/**
 * The positions a stored frame reported: a GB/T 32960 real-time or re-sent unit's 车辆位置数据
 * (0x05) with the 整车数据 (0x01) of the same unit, a JT/T 808 location report (0x0200) or
 * each entry of a batch (0x0704). Any other frame, or one that does not decode, reports none.
 */
export function framePositions(rawHex: string): FramePosition[] {
  const protocol = frameProtocol(rawHex);
  if (protocol === "gbt32960") return gbtPositions(rawHex);
  if (protocol === "jt808") return jt808FrameLocations(rawHex).map((l) => jt808Position(l.location, l.resent));
  return [];
}
