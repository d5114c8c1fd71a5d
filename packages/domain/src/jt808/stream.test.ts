import { describe, expect, it } from "vitest";
import { decodeJt808Message } from "./message";
import { JT808_MAX_FRAME_LENGTH, takeJt808Frames } from "./stream";
import { BATCH_LOCATION, HEARTBEAT, HEARTBEAT_ESCAPED_CHECK, h, LOCATION_DEMO } from "./testFrames";

const a = h(HEARTBEAT);
const b = h(LOCATION_DEMO);
const c = h(HEARTBEAT_ESCAPED_CHECK);

describe("cutting a TCP stream into frames", () => {
  it("back-to-back frames, garbage around them, an unfinished one kept", () => {
    const stream = Uint8Array.of(0x01, 0x02, ...a, ...b, 0x55, ...c, ...b.subarray(0, 10));
    const r = takeJt808Frames(stream);
    expect(r.frames).toEqual([a, b, c]);
    expect(r.rest).toEqual(b.subarray(0, 10));
    expect(r.dropped).toBe(3);
    for (const f of r.frames) expect(decodeJt808Message(f).ok).toBe(true);
  });
  it("fed byte by byte with the rest carried over, every frame comes out once", () => {
    const stream = Uint8Array.of(...a, ...h(BATCH_LOCATION), ...c);
    const out: Uint8Array[] = [];
    let rest: Uint8Array = new Uint8Array(0);
    for (const byte of stream) {
      const r = takeJt808Frames(Uint8Array.of(...rest, byte));
      out.push(...r.frames);
      rest = r.rest;
    }
    expect(out).toEqual([a, h(BATCH_LOCATION), c]);
    expect(rest).toHaveLength(0);
  });
  it("no flag at all, a doubled flag, trailing garbage", () => {
    expect(takeJt808Frames(Uint8Array.of(1, 2, 3))).toEqual({ frames: [], rest: new Uint8Array(0), dropped: 3 });
    expect(takeJt808Frames(Uint8Array.of(0x7e, ...a))).toEqual({ frames: [a], rest: new Uint8Array(0), dropped: 1 });
    expect(takeJt808Frames(Uint8Array.of(...a, 9, 9))).toEqual({ frames: [a], rest: new Uint8Array(0), dropped: 2 });
    expect(takeJt808Frames(Uint8Array.of(0x7e))).toEqual({ frames: [], rest: Uint8Array.of(0x7e), dropped: 0 });
  });
  it("an unfinished frame longer than any terminal sends is dropped", () => {
    expect(JT808_MAX_FRAME_LENGTH).toBe(2092);
    const long = Uint8Array.of(0x7e, ...new Uint8Array(JT808_MAX_FRAME_LENGTH));
    expect(takeJt808Frames(long)).toEqual({ frames: [], rest: new Uint8Array(0), dropped: JT808_MAX_FRAME_LENGTH + 1 });
    const justFits = long.subarray(0, JT808_MAX_FRAME_LENGTH);
    expect(takeJt808Frames(justFits).rest).toHaveLength(JT808_MAX_FRAME_LENGTH);
  });
});
