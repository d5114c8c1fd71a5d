import { describe, expect, it } from "vitest";
import { jt808CheckCode } from "./bytes";
import { jt808Escape, jt808Unescape } from "./escape";
import { decodeJt808Frame } from "./frame";
import { decodeJt808Body, decodeJt808Message, JT808_MESSAGE_ID } from "./message";
import * as frames from "./testFrames";

const vectors = Object.entries(frames as Record<string, unknown>)
  .filter((entry): entry is [string, string] => typeof entry[1] === "string" && /^7e/i.test(entry[1]))
  .map(([name, hex]) => [name, frames.h(hex)] as const);

/** Re-frames unescaped header+body bytes with a correct check code, so the body decoders see them. */
function reframe(plain: Uint8Array): Uint8Array {
  return Uint8Array.of(0x7e, ...jt808Escape(Uint8Array.of(...plain, jt808CheckCode(plain))), 0x7e);
}

/** Decoding never throws: it answers a value or an error with a code and a message. */
function settles(bytes: Uint8Array): boolean {
  const r = decodeJt808Message(bytes);
  return r.ok || (r.error.code.length > 0 && r.error.message.length > 0);
}

describe("bad bytes never throw (deterministic: every prefix, every byte flipped three ways)", () => {
  it(`${vectors.length} vector frames`, () => {
    expect(vectors.length).toBeGreaterThanOrEqual(27);
  });
  it.each(vectors)("%s: every prefix is an error, every mutation settles", (_name, bytes) => {
    for (let n = 0; n < bytes.length; n++) expect(decodeJt808Frame(bytes.subarray(0, n)).ok).toBe(false);
    const inner = jt808Unescape(bytes.subarray(1, bytes.length - 1));
    if (!inner.ok) throw new Error(inner.error.message);
    const plain = inner.value.subarray(0, inner.value.length - 1);
    for (let i = 0; i < plain.length; i++) {
      for (const mask of [0x01, 0x80, 0xff]) {
        const mutated = plain.slice();
        mutated[i] = (mutated[i] as number) ^ mask;
        expect(settles(reframe(mutated))).toBe(true);
      }
    }
  });
  it("every body decoder, on every prefix of every vector's body, in both editions", () => {
    for (const [, bytes] of vectors) {
      const frame = decodeJt808Frame(bytes);
      if (!frame.ok) throw new Error(frame.error.message);
      for (const id of Object.values(JT808_MESSAGE_ID)) {
        for (let n = 0; n <= frame.value.body.length; n++) {
          for (const edition of [2013, 2019] as const) {
            const r = decodeJt808Body(id, edition, frame.value.body.subarray(0, n));
            expect(r.ok || r.error.message.length > 0).toBe(true);
          }
        }
      }
    }
  });
});
