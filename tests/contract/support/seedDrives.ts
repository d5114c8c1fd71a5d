import { decodeFrame, frameProtocol } from "@tsp/domain";

/** The VINs counted at least `n` times. */
const atLeast = (m: Map<string, number>, n: number) => new Set([...m].filter(([, c]) => c >= n).map(([vin]) => vin));

/** A stored frame as the journal suites read it. */
export interface StoredFrame {
  vin: string | null;
  command: number | null;
  raw_hex: string;
}

/**
 * The VINs the demo seed really drives, by protocol, so a journal suite tests a vehicle with a
 * whole history and not one of the vehicles other seeds give a handful of frames (设备管理's
 * health seed: a silent terminal, a removal; the forwarding seed's HJ 1239 reports; a refused
 * login). The frames seed drives two days of two 30-point trips (≥ 60 position frames, GB/T
 * 32960 0x02 or JT/T 808 0x0200); the HJ 1239 seed a morning of 30-unit trips (≥ 30 frames).
 * HJ 1239 reports may carry command 0x02 too (the gateway stores their own command), so a
 * GB/T 32960 frame is one its decoder reads.
 */
export function drivenVins(frames: readonly StoredFrame[]): {
  gbt32960: Set<string>;
  jt808: Set<string>;
  hj1239: Set<string>;
} {
  const count = {
    gbt32960: new Map<string, number>(),
    jt808: new Map<string, number>(),
    hj1239: new Map<string, number>(),
  };
  for (const f of frames) {
    if (!f.vin) continue;
    const kind =
      f.command === 0x0200 && f.raw_hex.startsWith("7E")
        ? "jt808"
        : frameProtocol(f.raw_hex) === "hj1239"
          ? "hj1239"
          : f.command === 0x02 && decodeFrame(f.raw_hex).ok
            ? "gbt32960"
            : undefined;
    if (kind) count[kind].set(f.vin, (count[kind].get(f.vin) ?? 0) + 1);
  }
  return { gbt32960: atLeast(count.gbt32960, 60), jt808: atLeast(count.jt808, 60), hj1239: atLeast(count.hj1239, 30) };
}
