import { describe, expect, it } from "vitest";
import { bcc } from "./bcc";
import { encodeFrame } from "./frame";
import { bytesToHex } from "./hex";
import { decodeMessage, encodeVehicleLoginMessage, encodeVehicleLogoutMessage } from "./message";
import { LOGIN_2016, LOGIN_2025, LOGOUT_2016 } from "./testFrames";

const VIN = "LSVAU2180N2183294";

describe("journal messages: frame plus body", () => {
  it("reads a login message with its body", () => {
    expect(decodeMessage(LOGIN_2016)).toMatchObject({
      ok: true,
      value: { frame: { command: 1 }, body: { kind: "login", login: { iccid: "89860123456789012345" } } },
    });
  });
  it("reads a logout message with its body", () => {
    expect(decodeMessage(LOGOUT_2016)).toMatchObject({
      ok: true,
      value: { body: { kind: "logout", logout: { serial: 1 } } },
    });
  });
  it("passes on frame errors", () => {
    expect(decodeMessage("")).toMatchObject({ ok: false, error: { code: "hex-empty" } });
  });
  it("passes on body errors of a login and a logout", () => {
    const badLogin = encodeFrame({
      edition: 2016,
      command: 1,
      responseFlag: 0xfe,
      vin: VIN,
      encryption: 1,
      data: new Uint8Array(3),
    });
    expect(badLogin.ok && decodeMessage(badLogin.value)).toMatchObject({
      ok: false,
      error: { code: "length-mismatch" },
    });
    const badLogout = encodeFrame({
      edition: 2016,
      command: 4,
      responseFlag: 0xfe,
      vin: VIN,
      encryption: 1,
      data: new Uint8Array(3),
    });
    expect(badLogout.ok && decodeMessage(badLogout.value)).toMatchObject({
      ok: false,
      error: { code: "length-mismatch" },
    });
  });
  it("keeps platform answers, encrypted units and other commands raw", () => {
    const answer = `${LOGIN_2016.slice(0, 6)}01${LOGIN_2016.slice(8)}`;
    const answerBytes = Uint8Array.from(answer.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
    answerBytes[answerBytes.length - 1] = bcc(answerBytes, 2, answerBytes.length - 1);
    expect(decodeMessage(answerBytes)).toMatchObject({ ok: true, value: { body: { kind: "other" } } });
    const rsa = encodeFrame({
      edition: 2016,
      command: 1,
      responseFlag: 0xfe,
      vin: VIN,
      encryption: 2,
      data: new Uint8Array(3),
    });
    expect(rsa.ok && decodeMessage(rsa.value)).toMatchObject({ ok: true, value: { body: { kind: "other" } } });
    const heartbeat = encodeFrame({
      edition: 2016,
      command: 7,
      responseFlag: 0xfe,
      vin: VIN,
      encryption: 1,
      data: new Uint8Array(0),
    });
    expect(heartbeat.ok && decodeMessage(heartbeat.value)).toMatchObject({
      ok: true,
      value: { body: { kind: "other" } },
    });
  });
});

describe("writing journal messages for the seed", () => {
  it("writes the reference 2016 and 2025 login frames", () => {
    expect(
      encodeVehicleLoginMessage(VIN, {
        edition: 2016,
        collectedAt: Date.UTC(2024, 2, 5, 0, 9, 10),
        serial: 1,
        iccid: "89860123456789012345",
        codeLength: 2,
        subsystemCodes: ["01"],
      }),
    ).toEqual({ ok: true, value: LOGIN_2016 });
    const decoded = decodeMessage(LOGIN_2025);
    if (!decoded.ok || decoded.value.body.kind !== "login") throw new Error("reference frame unreadable");
    expect(encodeVehicleLoginMessage(VIN, decoded.value.body.login)).toEqual({ ok: true, value: LOGIN_2025 });
  });
  it("writes the reference logout frame (2016 by default)", () => {
    expect(encodeVehicleLogoutMessage(VIN, { collectedAt: Date.UTC(2024, 2, 5, 10), serial: 1 })).toEqual({
      ok: true,
      value: LOGOUT_2016,
    });
    const r = encodeVehicleLogoutMessage(VIN, { collectedAt: Date.UTC(2024, 2, 5, 10), serial: 1 }, 2025);
    expect(r.ok && r.value.slice(0, 4)).toBe("2424");
  });
  it("reports a bad body or a bad VIN", () => {
    expect(encodeVehicleLogoutMessage(VIN, { collectedAt: 0, serial: 1 })).toMatchObject({
      ok: false,
      error: { code: "bad-time" },
    });
    expect(encodeVehicleLogoutMessage("SHORT", { collectedAt: Date.UTC(2024, 0, 1), serial: 1 })).toMatchObject({
      ok: false,
      error: { code: "bad-vin" },
    });
  });
  it("hex output is upper case", () => {
    const r = encodeVehicleLogoutMessage(VIN, { collectedAt: Date.UTC(2024, 2, 5, 10), serial: 1 });
    expect(r.ok && r.value).toBe(
      r.ok && bytesToHex(Uint8Array.from(r.value.match(/../g) ?? [], (h) => Number.parseInt(h, 16))),
    );
  });
});
