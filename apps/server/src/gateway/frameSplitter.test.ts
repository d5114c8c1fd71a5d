import { hexToBytes } from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { FrameSplitter, type Piece } from "./frameSplitter";
import { vectorFrames } from "./vectors";

const bytesOf = (hex: string) => {
  const r = hexToBytes(hex);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const login = bytesOf(vectorFrames.find((f) => f.name === "2016 vehicle login, 2 battery-system codes")?.hex ?? "");
const logout25 = bytesOf(vectorFrames.find((f) => f.name === "2025 vehicle logout")?.hex ?? "");
const broken = (start: string) => bytesOf(vectorFrames.find((f) => f.name.startsWith(start))?.hex ?? "");
const frames = (pieces: Piece[]) => pieces.filter((p) => p.kind === "frame").map((p) => [...p.bytes]);

describe("FrameSplitter", () => {
  it("cuts frames sent back to back in one chunk", () => {
    const s = new FrameSplitter();
    expect(frames(s.push(Uint8Array.from([...login, ...logout25])))).toEqual([[...login], [...logout25]]);
    expect(s.pending).toBe(0);
  });

  it("joins one frame sent byte by byte", () => {
    const s = new FrameSplitter();
    const out: Piece[] = [];
    for (const b of login) out.push(...s.push(Uint8Array.of(b)));
    expect(frames(out)).toEqual([[...login]]);
    expect(out.filter((p) => p.kind === "garbage")).toEqual([]);
  });

  it("skips garbage, including a lone '#' and a marker with an impossible header", () => {
    const s = new FrameSplitter();
    const junk = [0x00, 0x23, 0x41, 0x23, 0x23, 0x99, 0x99, 0x99, ...Array.from({ length: 30 }, () => 0xaa)];
    const out = s.push(Uint8Array.from([...junk, ...login]));
    expect(frames(out)).toEqual([[...login]]);
    expect(out[0]?.kind).toBe("garbage");
  });

  it("cuts an over-long frame at the next start, so the frame it swallowed is still read", () => {
    const s = new FrameSplitter();
    const bad = broken("BROKEN 2025 vehicle logout, length field larger");
    const out = frames(s.push(Uint8Array.from([...bad, ...login])));
    expect(out).toEqual([[...bad], [...login]]);
  });

  it("cuts a truncated frame at the next start", () => {
    const s = new FrameSplitter();
    const bad = broken("BROKEN 2016 real-time, truncated");
    const out = frames(s.push(Uint8Array.from([...bad, ...login])));
    expect(out).toEqual([[...bad], [...login]]);
  });

  it("passes a wrong-BCC frame on whole (the decoder names the fault)", () => {
    const s = new FrameSplitter();
    const bad = broken("BROKEN 2016 vehicle login, wrong BCC");
    expect(frames(s.push(Uint8Array.from([...bad, ...logout25])))).toEqual([[...bad], [...logout25]]);
  });

  it("holds an unfinished frame", () => {
    const s = new FrameSplitter();
    expect(s.push(login.subarray(0, 30))).toEqual([]);
    expect(s.pending).toBe(30);
  });
});
