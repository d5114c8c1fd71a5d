import { describe, expect, it } from "vitest";
import { decodeJt808Frame, type Jt808Frame } from "./frame";
import { addJt808Fragment, expireJt808Fragments, type Jt808ReassemblyState, jt808FragmentKey } from "./reassembly";
import { HEARTBEAT, h, PACKAGE_1_OF_2, PACKAGE_2_OF_2 } from "./testFrames";

function frame(hex: string): Jt808Frame {
  const r = decodeJt808Frame(h(hex));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function add(state: Jt808ReassemblyState, f: Jt808Frame, now = 0) {
  const r = addJt808Fragment(state, f, now);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

// The two packages of a 0x1205 from SmallChi/JT808's JT808HeaderPackageTest.cs: 930 + 56 bytes.
const first = frame(PACKAGE_1_OF_2);
const second = frame(PACKAGE_2_OF_2);

describe("sub-package reassembly", () => {
  it("SmallChi's two packages join into one 986-byte body under the first serial", () => {
    const a = add(new Map(), first);
    expect(a.message).toBeUndefined();
    expect(a.state.size).toBe(1);
    const b = add(a.state, second);
    expect(b.state.size).toBe(0);
    expect(b.message?.header).toEqual({
      messageId: 0x1205,
      edition: 2013,
      encryption: 0,
      phone: "040666575062",
      serial: 0xeb,
    });
    expect(b.message?.body).toEqual(Uint8Array.of(...first.body, ...second.body));
    expect(b.message?.body.length).toBe(986);
    // The body starts with the answered serial (0x015A) and the count of resources (0x23 = 35).
    expect(Array.from(b.message?.body.subarray(0, 6) ?? [])).toEqual([0x01, 0x5a, 0, 0, 0, 0x23]);
  });
  it("packages may arrive in any order and twice; the state passed in is not changed", () => {
    const start: Jt808ReassemblyState = new Map();
    const a = add(start, second);
    const again = add(a.state, second);
    expect(start.size).toBe(0);
    expect(again.message).toBeUndefined();
    expect(add(again.state, first).message?.body.length).toBe(986);
  });
  it("key: phone, id and first serial, across the serial wrap", () => {
    expect(jt808FragmentKey(second.header)).toBe("040666575062:4613:235");
    expect(jt808FragmentKey({ ...second.header, serial: 0 })).toBe("040666575062:4613:65535");
    expect(jt808FragmentKey(frame(HEARTBEAT).header)).toBe("012345678900:2:10");
  });
  it("a whole frame passes through", () => {
    const f = frame(HEARTBEAT);
    const state: Jt808ReassemblyState = new Map();
    expect(add(state, f)).toEqual({ state, message: f });
  });
  it("a package whose total disagrees is refused and changes nothing", () => {
    const a = add(new Map(), first);
    const liar = { ...second, header: { ...second.header, package: { total: 3, index: 2 } } };
    expect(addJt808Fragment(a.state, liar, 0)).toMatchObject({ ok: false, error: { code: "bad-package" } });
    expect(a.state.size).toBe(1);
  });
  it("expiry drops old messages and names the missing packages", () => {
    const a = add(new Map(), first, 1_000);
    expect(expireJt808Fragments(a.state, 1_000).state.size).toBe(1);
    const gone = expireJt808Fragments(a.state, 1_001);
    expect(gone.state.size).toBe(0);
    expect(gone.expired).toEqual([{ header: expect.objectContaining({ serial: 0xeb }), missing: [2] }]);
  });
});
