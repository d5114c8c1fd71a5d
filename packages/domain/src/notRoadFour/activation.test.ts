import { describe, expect, it } from "vitest";
import { bcc } from "../gbt32960/bcc";
import { bytesToHex } from "../gbt32960/hex";
import {
  type ActivationRequest,
  canRequestActivation,
  decodeActivationAnswer,
  decodeActivationRequest,
  encodeActivationAnswer,
  encodeActivationRequest,
  isActivationState,
  judgeActivation,
  stateAfter,
} from "./activation";

const KEY = `04${"A1".repeat(64)}`;
// 2026-11-24 08:00:00 China time.
const AT = Date.UTC(2026, 10, 24, 0, 0, 0);
const REQ: ActivationRequest = {
  pin: "LNR4PIN0000000001",
  at: AT,
  serial: 0x0102,
  chipId: "SC01",
  publicKey: KEY,
  terminalId: "T1",
};

/** Re-seals a frame whose bytes a test changed: the check code over command … data. */
const reseal = (bytes: Uint8Array) => {
  bytes[bytes.length - 1] = bcc(bytes, 2, bytes.length - 1);
  return bytes;
};
const bytesOf = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

describe("activation frames (0x09 / 0x0A, 2025 edition)", () => {
  it("writes the request byte-exact and reads it back", () => {
    const hex = encodeActivationRequest(REQ);
    if (!hex.ok) throw new Error(hex.error.message);
    // $$ · 0x09 · 0xFE · PIN · 0x01 · length · time 1A 0B 18 08 00 00 · serial 0102 · 04 "SC01" · 41 key · 02 "T1"
    expect(hex.value.slice(0, 8)).toBe("242409FE");
    const data = hex.value.slice(48, -2);
    expect(data.slice(0, 16)).toBe("1A0B180800000102");
    expect(data.slice(16, 26)).toBe(`04${bytesToHex(Uint8Array.from("SC01", (c) => c.charCodeAt(0)))}`);
    expect(data.slice(26, 28)).toBe("41");
    expect(data.slice(28, 28 + 130)).toBe(KEY);
    expect(data.slice(158)).toBe("025431");
    expect(Number.parseInt(hex.value.slice(44, 48), 16)).toBe(data.length / 2);
    expect(decodeActivationRequest(hex.value)).toEqual({ ok: true, value: REQ });
  });

  it("refuses what it cannot write", () => {
    expect(encodeActivationRequest({ ...REQ, at: Date.UTC(1990, 0, 1) }).ok).toBe(false);
    expect(encodeActivationRequest({ ...REQ, publicKey: "XY" }).ok).toBe(false);
    expect(encodeActivationRequest({ ...REQ, publicKey: "AA".repeat(256) }).ok).toBe(false);
    expect(encodeActivationRequest({ ...REQ, chipId: "" }).ok).toBe(false);
    // An empty key is written (length 0) and judged badKey by the platform.
    const empty = encodeActivationRequest({ ...REQ, publicKey: "" });
    expect(empty.ok && decodeActivationRequest(empty.value)).toMatchObject({ ok: true, value: { publicKey: "" } });
    expect(encodeActivationRequest({ ...REQ, terminalId: "终端" }).ok).toBe(false);
    expect(encodeActivationRequest({ ...REQ, chipId: "x".repeat(256) }).ok).toBe(false);
    expect(encodeActivationRequest({ ...REQ, serial: 70000 }).ok).toBe(false);
    expect(encodeActivationRequest({ ...REQ, serial: 1.5 }).ok).toBe(false);
    expect(encodeActivationRequest({ ...REQ, serial: -1 }).ok).toBe(false);
    expect(encodeActivationRequest({ ...REQ, pin: "short" }).ok).toBe(false);
  });

  it("refuses a request that is not one, short, mis-sized or not ASCII", () => {
    const good = encodeActivationRequest(REQ);
    if (!good.ok) throw new Error("encode");
    expect(decodeActivationRequest("2424").ok).toBe(false);
    const wrongCommand = reseal(bytesOf(good.value));
    wrongCommand[2] = 0x0a;
    expect(decodeActivationRequest(reseal(wrongCommand))).toMatchObject({ ok: false, error: { offset: 2 } });
    // A body of 7 bytes: too short for time and serial.
    const short = encodeActivationAnswer({ pin: REQ.pin, at: AT, serial: 1, result: "ok" });
    if (!short.ok) throw new Error("encode");
    const shortBytes = bytesOf(short.value).slice(0, 24 + 7 + 1);
    shortBytes[2] = 0x09;
    shortBytes[23] = 7;
    expect(decodeActivationRequest(reseal(shortBytes))).toMatchObject({ ok: false, error: { code: "truncated" } });
    // A bad time.
    const badTime = bytesOf(good.value);
    badTime[25] = 13;
    expect(decodeActivationRequest(reseal(badTime))).toMatchObject({ ok: false, error: { code: "bad-time" } });
    // A chip-id length running past the end.
    const longChip = bytesOf(good.value);
    longChip[32] = 0xff;
    expect(decodeActivationRequest(reseal(longChip))).toMatchObject({ ok: false, error: { code: "length-mismatch" } });
    // Bytes left over after the terminal id: the last length one short.
    const leftover = bytesOf(good.value);
    leftover[leftover.length - 4] = 1;
    expect(decodeActivationRequest(reseal(leftover))).toMatchObject({ ok: false, error: { code: "length-mismatch" } });
    // A terminal-id length of nothing at all: the field byte itself missing.
    const cut = bytesOf(good.value).slice(0, 24 + 8 + 5 + 66 + 1);
    cut[22] = 0;
    cut[23] = 8 + 5 + 66;
    expect(decodeActivationRequest(reseal(cut))).toMatchObject({ ok: false, error: { code: "length-mismatch" } });
    const nonAscii = bytesOf(good.value);
    nonAscii[33] = 0x01;
    expect(decodeActivationRequest(reseal(nonAscii))).toMatchObject({ ok: false, error: { code: "bad-ascii" } });
  });

  it("writes and reads the answer; the flag is 0x01 on success, 0x02 otherwise", () => {
    const okHex = encodeActivationAnswer({ pin: REQ.pin, at: AT, serial: 0x0102, result: "ok" });
    if (!okHex.ok) throw new Error("encode");
    expect(okHex.value.slice(0, 8)).toBe("24240A01");
    expect(okHex.value.slice(48, -2)).toBe("1A0B18080000010201");
    expect(decodeActivationAnswer(okHex.value)).toEqual({
      ok: true,
      value: { pin: REQ.pin, at: AT, serial: 0x0102, result: "ok" },
    });
    const refused = encodeActivationAnswer({ pin: REQ.pin, at: AT, serial: 7, result: "chipMismatch" });
    if (!refused.ok) throw new Error("encode");
    expect(refused.value.slice(6, 8)).toBe("02");
    expect(decodeActivationAnswer(refused.value)).toMatchObject({ ok: true, value: { result: "chipMismatch" } });
    expect(encodeActivationAnswer({ pin: REQ.pin, at: Number.NaN, serial: 1, result: "ok" }).ok).toBe(false);
    expect(encodeActivationAnswer({ pin: "x", at: AT, serial: 1, result: "ok" }).ok).toBe(false);
  });

  it("refuses an answer that is not one", () => {
    const req = encodeActivationRequest(REQ);
    const okHex = encodeActivationAnswer({ pin: REQ.pin, at: AT, serial: 1, result: "ok" });
    if (!req.ok || !okHex.ok) throw new Error("encode");
    expect(decodeActivationAnswer("00").ok).toBe(false);
    expect(decodeActivationAnswer(req.value)).toMatchObject({ ok: false, error: { offset: 2 } });
    const long = bytesOf(`${okHex.value.slice(0, -2)}0000`);
    long[23] = 10;
    expect(decodeActivationAnswer(reseal(long))).toMatchObject({ ok: false, error: { code: "length-mismatch" } });
    const badTime = bytesOf(okHex.value);
    badTime[24] = 200;
    expect(decodeActivationAnswer(reseal(badTime))).toMatchObject({ ok: false, error: { code: "bad-time" } });
    const unknown = bytesOf(okHex.value);
    unknown[32] = 0x99;
    expect(decodeActivationAnswer(reseal(unknown))).toMatchObject({ ok: false, error: { offset: 32 } });
  });
});

describe("judging an activation", () => {
  const terminal = { registered: true, chipId: "SC01", activeKey: null };
  it("activates a registered terminal with its chip and a well-formed key", () => {
    expect(judgeActivation(terminal, REQ)).toBe("ok");
    expect(judgeActivation({ ...terminal, activeKey: KEY }, REQ)).toBe("ok");
    expect(stateAfter("ok")).toBe("active");
  });
  it("says why it refuses", () => {
    expect(judgeActivation({ ...terminal, registered: false }, REQ)).toBe("notRegistered");
    expect(judgeActivation({ ...terminal, chipId: "OTHER" }, REQ)).toBe("chipMismatch");
    expect(judgeActivation(terminal, { ...REQ, publicKey: "04AA" })).toBe("badKey");
    expect(judgeActivation(terminal, { ...REQ, publicKey: `02${"A1".repeat(64)}` })).toBe("badKey");
    expect(judgeActivation({ ...terminal, activeKey: `04${"B2".repeat(64)}` }, REQ)).toBe("keyMismatch");
    expect(stateAfter("chipMismatch")).toBe("failed");
  });
  it("takes no second request while one is awaited", () => {
    expect(canRequestActivation("activating")).toMatchObject({ ok: false });
    for (const s of ["inactive", "active", "failed"] as const)
      expect(canRequestActivation(s)).toEqual({ ok: true, value: true });
    expect(isActivationState("active")).toBe(true);
    expect(isActivationState("toString")).toBe(false);
  });
});
