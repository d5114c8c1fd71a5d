import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeGeofence,
  encodeGeofence,
  formatLngLat,
  type Geofence,
  MSG_GEOFENCE_RADIUS,
  MSG_GEOFENCE_TYPE,
  MSG_POLYGON_POINTS,
  parseLngLat,
  radiusMetres,
} from "./geofence";
import { MSG_CHOOSE_ADDRESS, mapPickerProblem } from "./mapPicker";

describe("geofence type 1: a circle, position 'lng,lat', radius in km (§3)", () => {
  it("reads a circle", () => {
    expect(decodeGeofence({ type: 1, position: "116.397128,39.916527", radius: 2.5 })).toEqual({
      ok: true,
      value: { type: 1, center: { lng: 116.397128, lat: 39.916527 }, radiusKm: 2.5 },
    });
  });
  it("tolerates spaces around the numbers", () => {
    expect(parseLngLat(" 116.4 , 39.9 ")).toEqual({ lng: 116.4, lat: 39.9 });
  });
  it.each(["116.4", "116.4,39.9,1", "abc,39.9", "181,39.9", "116.4,-91", "1e2,3", ""])(
    "rejects position %j with the reason",
    (position) => {
      const r = decodeGeofence({ type: 1, position, radius: 1 });
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toContain("中心点");
    },
  );
  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, null, undefined])("rejects radius %s", (radius) => {
    expect(decodeGeofence({ type: 1, position: "116.4,39.9", radius })).toEqual({
      ok: false,
      error: MSG_GEOFENCE_RADIUS,
    });
  });
  it("the radius is multiplied by 1000 for drawing", () => {
    expect(radiusMetres(2.5)).toBe(2500);
  });
  it("accepts the extremes -180..180 and -90..90", () => {
    expect(parseLngLat("-180,-90")).toEqual({ lng: -180, lat: -90 });
    expect(parseLngLat("180,90")).toEqual({ lng: 180, lat: 90 });
  });
});

describe("geofence type 2: a polygon, points separated by semicolons (§3)", () => {
  const square = "116.1,39.1;116.2,39.1;116.2,39.2;116.1,39.2";
  it("reads the points in order", () => {
    const r = decodeGeofence({ type: 2, position: square });
    expect(r.ok && r.value.type === 2 && r.value.points.length).toBe(4);
    expect(r.ok && r.value.type === 2 && r.value.points[2]).toEqual({ lng: 116.2, lat: 39.2 });
  });
  it("tolerates a trailing semicolon", () => {
    expect(decodeGeofence({ type: 2, position: `${square};` }).ok).toBe(true);
  });
  it("names the malformed point", () => {
    const r = decodeGeofence({ type: 2, position: "116.1,39.1;116.2;116.2,39.2" });
    expect(!r.ok && r.error).toMatch(/^第2个点“116.2”/);
  });
  it("needs at least three points", () => {
    expect(decodeGeofence({ type: 2, position: "116.1,39.1;116.2,39.1" })).toEqual({
      ok: false,
      error: MSG_POLYGON_POINTS,
    });
  });
  it("other types are rejected", () => {
    expect(decodeGeofence({ type: 3, position: square })).toEqual({ ok: false, error: MSG_GEOFENCE_TYPE });
  });
});

// Coordinates as a map produces them: up to 6 decimals, within range, no -0.
const coord = (max: number) => fc.integer({ min: -max * 1e6, max: max * 1e6 }).map((n) => (n === 0 ? 0 : n / 1e6));

describe("encoding and round trips", () => {
  it("writes the stored forms", () => {
    expect(encodeGeofence({ type: 1, center: { lng: 116.4, lat: 39.9 }, radiusKm: 3 })).toEqual({
      type: 1,
      position: "116.4,39.9",
      radius: 3,
    });
    expect(
      encodeGeofence({
        type: 2,
        points: [
          { lng: 1, lat: 2 },
          { lng: 3, lat: 4 },
          { lng: 5, lat: -6.5 },
        ],
      }),
    ).toEqual({
      type: 2,
      position: "1,2;3,4;5,-6.5",
    });
    expect(formatLngLat({ lng: 0.1, lat: -0 })).toBe("0.1,0");
    expect(formatLngLat({ lng: 1e-7, lat: -2.5e-7 })).toBe("0.0000001,-0.00000025");
  });
  const point = fc.record({ lng: coord(180), lat: coord(90) });
  const fence: fc.Arbitrary<Geofence> = fc.oneof(
    fc.record({
      type: fc.constant(1 as const),
      center: point,
      radiusKm: fc.integer({ min: 1, max: 5e6 }).map((n) => n / 1000),
    }),
    fc.record({ type: fc.constant(2 as const), points: fc.array(point, { minLength: 3, maxLength: 12 }) }),
  );
  it("decode(encode(x)) = x for every circle and polygon", () => {
    fc.assert(
      fc.property(fence, (f) => {
        expect(decodeGeofence(encodeGeofence(f))).toEqual({ ok: true, value: f });
      }),
    );
  });
});

describe("map picker confirm (§5)", () => {
  it("with neither lat nor lng warns 请选择地址", () => {
    expect(mapPickerProblem({ address: "", lng: null, lat: null })).toBe("请选择地址");
    expect(mapPickerProblem({ address: "x", lng: 116.4, lat: null })).toBe(MSG_CHOOSE_ADDRESS);
    expect(mapPickerProblem({ address: "x", lng: null, lat: 39.9 })).toBe(MSG_CHOOSE_ADDRESS);
  });
  it("with both it confirms", () => {
    expect(mapPickerProblem({ address: "北京市", lng: 116.4, lat: 39.9 })).toBeNull();
  });
});
