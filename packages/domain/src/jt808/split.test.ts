import { describe, expect, it } from "vitest";
import { decodeJt808Frame, encodeJt808Frame, type Jt808Frame } from "./frame";
import { addJt808Fragment, type Jt808ReassemblyState } from "./reassembly";
import { splitJt808Message } from "./split";
import { h, PACKAGE_1_OF_2, PACKAGE_2_OF_2 } from "./testFrames";

function frame(hex: string): Jt808Frame {
  const r = decodeJt808Frame(h(hex));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const header = {
  messageId: 0x0900,
  edition: 2019 as const,
  protocolVersion: 1,
  encryption: 0,
  phone: "1",
  serial: 65534,
};

describe("splitting a long message into sub-packages", () => {
  it("SmallChi's 0x1205 (930 + 56 bytes) split at 930 gives its two frames byte for byte", () => {
    const first = frame(PACKAGE_1_OF_2);
    const second = frame(PACKAGE_2_OF_2);
    const whole = { header: first.header, body: Uint8Array.of(...first.body, ...second.body) };
    const parts = splitJt808Message(whole, 930);
    if (!parts.ok) throw new Error(parts.error.message);
    expect(parts.value.map((p) => encodeJt808Frame(p))).toEqual([
      { ok: true, value: h(PACKAGE_1_OF_2) },
      { ok: true, value: h(PACKAGE_2_OF_2) },
    ]);
  });
  it("split then reassembled is the message again, serials wrapping at 65536", () => {
    const body = Uint8Array.from({ length: 2500 }, (_, i) => (i * 7) % 256);
    const parts = splitJt808Message({ header, body });
    if (!parts.ok) throw new Error(parts.error.message);
    expect(parts.value.map((p) => [p.header.serial, p.header.package, p.body.length])).toEqual([
      [65534, { total: 3, index: 1 }, 1023],
      [65535, { total: 3, index: 2 }, 1023],
      [0, { total: 3, index: 3 }, 454],
    ]);
    let state: Jt808ReassemblyState = new Map();
    let message: Jt808Frame | undefined;
    for (const part of parts.value.toReversed()) {
      const r = addJt808Fragment(state, part, 0);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value.state;
      message = r.value.message;
    }
    expect(message).toEqual({ header, body });
  });
  it("a body that fits stays one frame without the flag", () => {
    const body = new Uint8Array(10);
    expect(splitJt808Message({ header: { ...header, package: { total: 2, index: 1 } }, body })).toEqual({
      ok: true,
      value: [{ header, body }],
    });
    expect(splitJt808Message({ header, body: new Uint8Array(0) })).toEqual({
      ok: true,
      value: [{ header, body: new Uint8Array(0) }],
    });
  });
  it("refuses a package size outside 1–1023 and more than 65535 packages", () => {
    for (const size of [0, 1024, 1.5]) {
      expect(splitJt808Message({ header, body: new Uint8Array(1) }, size)).toMatchObject({
        ok: false,
        error: { code: "bad-number" },
      });
    }
    expect(splitJt808Message({ header, body: new Uint8Array(0x10000) }, 1)).toMatchObject({
      ok: false,
      error: { code: "bad-number", message: "消息体需分65536包，超过上限65535包" },
    });
  });
});
