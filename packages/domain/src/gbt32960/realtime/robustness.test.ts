import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeFrame } from "../frame";
import { decodeRealtimeData } from "./realtimeData";
import vectors from "./vectors/gbt32960-rtm_con.json";

// A gateway hands this decoder whatever a terminal sent: it must answer a result for any
// bytes, and a cut-short data unit must say so, never read past the end or throw.

const units = (vectors as { frames: { name: string; hex: string }[] }).frames.flatMap((f) => {
  const frame = decodeFrame(f.hex);
  if (!frame.ok || ![2, 3].includes(frame.value.command) || frame.value.responseFlag !== 0xfe) return [];
  return [{ name: f.name, edition: frame.value.edition, data: frame.value.data }];
});

describe("real-time decoder on damaged input", () => {
  it("answers every prefix of each vector's data unit with the whole read or a truncation", () => {
    expect(units).toHaveLength(7);
    for (const { name, edition, data } of units) {
      expect(decodeRealtimeData(data, edition).ok, name).toBe(true);
      for (let end = 0; end < data.length; end++) {
        const r = decodeRealtimeData(data.subarray(0, end), edition);
        // A 2016 unit may end cleanly between items; anything else is a reported truncation.
        if (r.ok) expect(edition, `${name} cut at ${end}`).toBe(2016);
        else {
          expect(r.error.code, `${name} cut at ${end}`).toBe("truncated");
          expect(r.error.offset).toBeLessThanOrEqual(end);
        }
      }
    }
  });

  it("never throws on arbitrary bytes after a valid time", () => {
    const time = Uint8Array.of(25, 6, 18, 8, 31, 40);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.constantFrom(2016 as const, 2025 as const), (tail, edition) => {
        const r = decodeRealtimeData(Uint8Array.of(...time, ...tail), edition);
        if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws when one byte of a vector's data unit is changed", () => {
    fc.assert(
      fc.property(fc.constantFrom(...units), fc.nat(), fc.integer({ min: 0, max: 255 }), (u, at, value) => {
        const data = u.data.slice();
        data[6 + (at % (data.length - 6))] = value;
        expect(() => decodeRealtimeData(data, u.edition)).not.toThrow();
      }),
      { numRuns: 3000 },
    );
  });
});
