import { describe, expect, it } from "vitest";
import { bcc } from "../gbt32960/bcc";
import { bytesToHex } from "../gbt32960/hex";
import { encodeActivationRequest } from "./activation";
import {
  decodeKeySyncAnswer,
  decodeKeySyncRequest,
  encodeKeySyncAnswer,
  encodeKeySyncRequest,
  judgeKeySync,
  type KeySyncRequest,
  type KeySyncTerminal,
} from "./keySync";

const KEY = `04${"B2".repeat(64)}`;
// 2026-11-25 10:30:00 China time.
const AT = Date.UTC(2026, 10, 25, 2, 30, 0);
const REQ: KeySyncRequest = {
  pin: "LNR4PIN0000000001",
  at: AT,
  serial: 0x0a0b,
  chipId: "SC01",
  keyVersion: 0x0102,
  publicKey: KEY,
  terminalId: "T1",
};

const reseal = (bytes: Uint8Array) => {
  bytes[bytes.length - 1] = bcc(bytes, 2, bytes.length - 1);
  return bytes;
};
const bytesOf = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
const value = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe("key sync frames (0x0B, 2025 edition)", () => {
  it("writes the request byte-exact and reads it back", () => {
    const hex = value(encodeKeySyncRequest(REQ));
    // $$ · 0x0B · 0xFE · PIN 17 · 0x01 · length WORD
    expect(hex.slice(0, 8)).toBe("24240BFE");
    expect(hex.slice(8, 42)).toBe(bytesToHex(Uint8Array.from(REQ.pin, (c) => c.charCodeAt(0))));
    expect(hex.slice(42, 44)).toBe("01");
    const data = hex.slice(48, -2);
    expect(Number.parseInt(hex.slice(44, 48), 16)).toBe(data.length / 2);
    // time 1A 0B 19 0A 1E 00 · serial 0A0B · 04 "SC01" · version 0102 · 41 key · 02 "T1"
    expect(data.slice(0, 16)).toBe("1A0B190A1E000A0B");
    expect(data.slice(16, 26)).toBe("0453433031");
    expect(data.slice(26, 30)).toBe("0102");
    expect(data.slice(30, 32)).toBe("41");
    expect(data.slice(32, 162)).toBe(KEY);
    expect(data.slice(162)).toBe("025431");
    expect(decodeKeySyncRequest(hex)).toEqual({ ok: true, value: REQ });
    expect(decodeKeySyncRequest(bytesOf(hex))).toEqual({ ok: true, value: REQ });
  });

  it("refuses what it cannot write", () => {
    expect(encodeKeySyncRequest({ ...REQ, at: Date.UTC(1990, 0, 1) }).ok).toBe(false);
    expect(encodeKeySyncRequest({ ...REQ, publicKey: "XY" }).ok).toBe(false);
    expect(encodeKeySyncRequest({ ...REQ, publicKey: "AA".repeat(256) }).ok).toBe(false);
    expect(encodeKeySyncRequest({ ...REQ, chipId: "" }).ok).toBe(false);
    expect(encodeKeySyncRequest({ ...REQ, terminalId: "终端" }).ok).toBe(false);
    expect(encodeKeySyncRequest({ ...REQ, serial: 70_000 }).ok).toBe(false);
    expect(encodeKeySyncRequest({ ...REQ, keyVersion: 0 }).ok).toBe(false);
    expect(encodeKeySyncRequest({ ...REQ, keyVersion: 1.5 }).ok).toBe(false);
    expect(encodeKeySyncRequest({ ...REQ, pin: "SHORT" }).ok).toBe(false);
    // An empty key is written (length 0); the platform judges it badKey.
    const empty = value(encodeKeySyncRequest({ ...REQ, publicKey: "" }));
    expect(decodeKeySyncRequest(empty)).toMatchObject({ ok: true, value: { publicKey: "" } });
  });

  it("reads no frame but a whole, well-formed 0x0B", () => {
    const hex = value(encodeKeySyncRequest(REQ));
    expect(decodeKeySyncRequest(`${hex.slice(0, -2)}00`)).toMatchObject({ ok: false, error: { code: "bcc-mismatch" } });
    const activation = value(
      encodeActivationRequest({ pin: REQ.pin, at: AT, serial: 1, chipId: "SC01", publicKey: KEY, terminalId: "T1" }),
    );
    expect(decodeKeySyncRequest(activation)).toMatchObject({ ok: false, error: { code: "bad-number", offset: 2 } });
    // A data unit cut to its time, to its chip id, to the version's first byte, one byte too many.
    const withData = (data: Uint8Array) => {
      const head = bytesOf(hex).subarray(0, 24);
      const out = new Uint8Array(25 + data.length);
      out.set(head, 0);
      out[22] = data.length >> 8;
      out[23] = data.length & 0xff;
      out.set(data, 24);
      return reseal(out);
    };
    const data = bytesOf(hex.slice(48, -2));
    expect(decodeKeySyncRequest(withData(data.subarray(0, 7)))).toMatchObject({ error: { code: "truncated" } });
    for (const cut of [8, 13, 14, 15, 16, data.length - 1]) {
      expect(decodeKeySyncRequest(withData(data.subarray(0, cut)))).toMatchObject({
        error: { code: "length-mismatch" },
      });
    }
    expect(decodeKeySyncRequest(withData(Uint8Array.of(...data, 0)))).toMatchObject({
      error: { code: "length-mismatch" },
    });
    // A bad time; a chip id with a control character.
    const badTime = Uint8Array.from(data);
    badTime[1] = 13;
    expect(decodeKeySyncRequest(withData(badTime))).toMatchObject({ ok: false, error: { code: "bad-time" } });
    const badChip = Uint8Array.from(data);
    badChip[9] = 0x07;
    expect(decodeKeySyncRequest(withData(badChip))).toMatchObject({ error: { code: "bad-ascii" } });
  });

  it("writes the answer byte-exact and reads it back", () => {
    const ok = value(encodeKeySyncAnswer({ pin: REQ.pin, at: AT, serial: 0x0a0b, result: "ok", keyVersion: 0x0102 }));
    // Same command 0x0B, flag 0x01; time · serial · result 01 · version 0102.
    expect(ok.slice(0, 8)).toBe("24240B01");
    expect(ok.slice(44, 48)).toBe("000B");
    expect(ok.slice(48, -2)).toBe("1A0B190A1E000A0B010102");
    expect(decodeKeySyncAnswer(ok)).toEqual({
      ok: true,
      value: { pin: REQ.pin, at: AT, serial: 0x0a0b, result: "ok", keyVersion: 0x0102 },
    });
    const stale = value(
      encodeKeySyncAnswer({ pin: REQ.pin, at: AT, serial: 1, result: "staleVersion", keyVersion: 7 }),
    );
    expect(stale.slice(6, 8)).toBe("02");
    expect(stale.slice(48, -2)).toBe("1A0B190A1E000001040007");
    expect(decodeKeySyncAnswer(stale)).toMatchObject({ ok: true, value: { result: "staleVersion", keyVersion: 7 } });
    expect(encodeKeySyncAnswer({ pin: REQ.pin, at: 0, serial: 1, result: "ok", keyVersion: 1 }).ok).toBe(false);
    expect(encodeKeySyncAnswer({ pin: REQ.pin, at: AT, serial: 1, result: "ok", keyVersion: -1 }).ok).toBe(false);
    expect(encodeKeySyncAnswer({ pin: "SHORT", at: AT, serial: 1, result: "ok", keyVersion: 1 }).ok).toBe(false);
  });

  it("reads no answer but a 0x0B with a response flag, 11 bytes, a known result", () => {
    const hex = value(encodeKeySyncAnswer({ pin: REQ.pin, at: AT, serial: 1, result: "ok", keyVersion: 1 }));
    expect(decodeKeySyncAnswer("00").ok).toBe(false);
    expect(decodeKeySyncAnswer(value(encodeKeySyncRequest(REQ)))).toMatchObject({ error: { offset: 2 } });
    const bytes = bytesOf(hex);
    const badResult = Uint8Array.from(bytes);
    badResult[32] = 0x09;
    expect(decodeKeySyncAnswer(reseal(badResult))).toMatchObject({ error: { code: "bad-number", offset: 32 } });
    const badTime = Uint8Array.from(bytes);
    badTime[25] = 0;
    expect(decodeKeySyncAnswer(reseal(badTime))).toMatchObject({ error: { code: "bad-time" } });
    const short = Uint8Array.of(...bytes.subarray(0, 22), 0, 10, ...bytes.subarray(24, 34), 0);
    expect(decodeKeySyncAnswer(reseal(short))).toMatchObject({ error: { code: "length-mismatch" } });
  });
});

describe("judgeKeySync", () => {
  const T: KeySyncTerminal = { registered: true, chipId: "SC01", active: true, keyVersion: null };
  it("takes a new, well-formed key of an active, registered terminal with a higher version", () => {
    expect(judgeKeySync(T, REQ)).toBe("ok");
    expect(judgeKeySync({ ...T, keyVersion: 0x0101 }, REQ)).toBe("ok");
  });
  it("refuses in order: not registered, another chip, not active, a bad key, an old version", () => {
    expect(judgeKeySync({ ...T, registered: false }, { ...REQ, chipId: "X" })).toBe("notRegistered");
    expect(judgeKeySync({ ...T, active: false }, { ...REQ, chipId: "X" })).toBe("chipMismatch");
    expect(judgeKeySync({ ...T, active: false }, REQ)).toBe("notActivated");
    expect(judgeKeySync(T, { ...REQ, publicKey: "04AB" })).toBe("badKey");
    expect(judgeKeySync(T, { ...REQ, publicKey: `03${"B2".repeat(64)}` })).toBe("badKey");
    expect(judgeKeySync({ ...T, keyVersion: 0x0102 }, REQ)).toBe("staleVersion");
    expect(judgeKeySync({ ...T, keyVersion: 0x0200 }, REQ)).toBe("staleVersion");
  });
});
