import { describe, expect, it } from "vitest";
import { jt808Escape, jt808Unescape } from "./escape";

/** Every sequence of up to three bytes drawn from the ones escaping treats specially and their neighbours. */
function cases(): Uint8Array[] {
  const alphabet = [0x00, 0x01, 0x02, 0x7c, 0x7d, 0x7e, 0x7f, 0xff];
  const out: Uint8Array[] = [new Uint8Array(0)];
  let layer: number[][] = [[]];
  for (let len = 1; len <= 3; len++) {
    layer = layer.flatMap((prefix) => alphabet.map((b) => [...prefix, b]));
    for (const seq of layer) out.push(Uint8Array.from(seq));
  }
  return out;
}

describe("JT/T 808 escaping", () => {
  it("writes 0x7E as 7D 02 and 0x7D as 7D 01, nothing else changes", () => {
    expect(Array.from(jt808Escape(Uint8Array.of(0x30, 0x7e, 0x08, 0x7d, 0x55)))).toEqual([
      0x30, 0x7d, 0x02, 0x08, 0x7d, 0x01, 0x55,
    ]);
  });
  it("unescape(escape(x)) is x and the escaped form holds no 0x7E, over 585 generated cases", () => {
    const all = cases();
    expect(all).toHaveLength(585);
    for (const bytes of all) {
      const escaped = jt808Escape(bytes);
      expect(escaped.includes(0x7e)).toBe(false);
      expect(jt808Unescape(escaped)).toEqual({ ok: true, value: bytes });
    }
  });
  it("refuses a raw flag, a 0x7D at the end and a 0x7D before anything but 01/02", () => {
    expect(jt808Unescape(Uint8Array.of(0x01, 0x7e))).toMatchObject({
      ok: false,
      error: { code: "bad-escape", offset: 1 },
    });
    expect(jt808Unescape(Uint8Array.of(0x01, 0x7d))).toMatchObject({
      ok: false,
      error: { code: "bad-escape", offset: 1 },
    });
    expect(jt808Unescape(Uint8Array.of(0x7d, 0x03))).toMatchObject({
      ok: false,
      error: { code: "bad-escape", message: "转义字节0x7D后只能是0x01或0x02", offset: 0 },
    });
  });
});
