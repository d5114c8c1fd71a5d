import { ok, type Result } from "../shared/result";
import { type Jt808Error, jt808Error } from "./errors";

/** The flag byte that opens and closes every frame. */
export const JT808_FLAG = 0x7e;
const ESCAPE = 0x7d;

/**
 * Escapes the bytes between the flags (domain-notes.md "JT/T 808": 0x7E → 0x7D 0x02,
 * 0x7D → 0x7D 0x01), so the flag byte can only appear at the ends of a frame.
 */
export function jt808Escape(bytes: Uint8Array): Uint8Array {
  let extra = 0;
  for (const b of bytes) if (b === JT808_FLAG || b === ESCAPE) extra++;
  const out = new Uint8Array(bytes.length + extra);
  let j = 0;
  for (const b of bytes) {
    if (b === JT808_FLAG || b === ESCAPE) {
      out[j++] = ESCAPE;
      out[j++] = b === JT808_FLAG ? 0x02 : 0x01;
    } else {
      out[j++] = b;
    }
  }
  return out;
}

/**
 * Reverses {@link jt808Escape}. A raw 0x7E inside, a 0x7D at the end or a 0x7D followed by
 * anything but 0x01/0x02 is an error: such bytes were never written by a conforming terminal.
 */
export function jt808Unescape(bytes: Uint8Array): Result<Uint8Array, Jt808Error> {
  const out = new Uint8Array(bytes.length);
  let j = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === JT808_FLAG) return jt808Error("bad-escape", "标识位0x7E出现在报文中间（应转义为0x7D 0x02）", i);
    if (b !== ESCAPE) {
      out[j++] = b;
      continue;
    }
    const next = bytes[i + 1];
    if (next !== 0x01 && next !== 0x02) {
      return jt808Error("bad-escape", "转义字节0x7D后只能是0x01或0x02", i);
    }
    out[j++] = next === 0x01 ? ESCAPE : JT808_FLAG;
    i++;
  }
  return ok(out.slice(0, j));
}
