import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeFrame } from "./frame";
import { bytesToHex } from "./hex";
import { LOGOUT_2016 } from "./testFrames";
import { decodeVehicleLogout, encodeVehicleLogout } from "./vehicleLogout";

const logout = { collectedAt: Date.UTC(2024, 2, 5, 10, 0, 0), serial: 1 };

describe("vehicle logout body: time and serial, nothing else", () => {
  it("reads the reference frame's body", () => {
    const f = decodeFrame(LOGOUT_2016);
    expect(f.ok && decodeVehicleLogout(f.value.data)).toEqual({ ok: true, value: logout });
  });
  it("writes the reference bytes", () => {
    const r = encodeVehicleLogout(logout);
    expect(r.ok && bytesToHex(r.value)).toBe("1803051200000001");
  });
  it("rejects 7 or 9 bytes", () => {
    expect(decodeVehicleLogout(new Uint8Array(7))).toEqual({
      ok: false,
      error: { code: "length-mismatch", message: "车辆登出数据单元应为8字节，实际为7字节" },
    });
    expect(decodeVehicleLogout(new Uint8Array(9)).ok).toBe(false);
  });
  it("passes on a bad time", () => {
    expect(decodeVehicleLogout(new Uint8Array(8))).toMatchObject({ ok: false, error: { code: "bad-time" } });
    expect(encodeVehicleLogout({ ...logout, collectedAt: Number.NaN })).toMatchObject({
      ok: false,
      error: { code: "bad-time" },
    });
  });
  it.each([65536, -1, 2.5])("refuses serial %s", (serial) => {
    expect(encodeVehicleLogout({ ...logout, serial })).toMatchObject({ ok: false, error: { code: "bad-number" } });
  });
});

describe("logout round trip", () => {
  it("decode(encode(x)) = x for whole-second times 2000–2099 (Beijing) and any serial", () => {
    const body = fc.record({
      collectedAt: fc
        .integer({ min: Date.UTC(1999, 11, 31, 16) / 1000, max: Date.UTC(2099, 11, 31, 15, 59, 59) / 1000 })
        .map((s) => s * 1000),
      serial: fc.integer({ min: 0, max: 0xffff }),
    });
    fc.assert(
      fc.property(body, (b) => {
        const bytes = encodeVehicleLogout(b);
        expect(bytes.ok && decodeVehicleLogout(bytes.value)).toEqual({ ok: true, value: b });
      }),
    );
  });
});
