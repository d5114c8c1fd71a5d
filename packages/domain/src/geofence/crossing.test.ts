import { describe, expect, it } from "vitest";
import { insideGeofence, insidePolygon } from "./containment";
import { type FenceWatch, inFenceWindow, stepFence } from "./crossing";
import {
  checkFence,
  fenceAlarmName,
  formatFenceWindow,
  MSG_FENCE_BINDINGS,
  MSG_FENCE_LEVEL,
  MSG_FENCE_NAME,
  MSG_FENCE_POLYGON_MAX,
  MSG_FENCE_RADIUS_MAX,
  MSG_FENCE_RULE,
  MSG_FENCE_SPEED,
  MSG_FENCE_WINDOW,
  parseFenceWindow,
} from "./fenceRecord";

const center = { lng: 116.4, lat: 39.9 };
const square = [
  { lng: 116, lat: 39 },
  { lng: 117, lat: 39 },
  { lng: 117, lat: 40 },
  { lng: 116, lat: 40 },
];

describe("containment on WGS-84", () => {
  it("a circle holds points within its radius on the sphere", () => {
    const c = { type: 1 as const, center, radiusKm: 1 };
    // 0.01° of latitude ≈ 1.112 km: just outside; 0.008° ≈ 0.89 km: inside.
    expect(insideGeofence(c, { lng: 116.4, lat: 39.908 })).toBe(true);
    expect(insideGeofence(c, { lng: 116.4, lat: 39.91 })).toBe(false);
    expect(insideGeofence(c, center)).toBe(true);
  });
  it("a polygon by ray casting, edges and corners inside", () => {
    const p = { type: 2 as const, points: square };
    expect(insideGeofence(p, { lng: 116.5, lat: 39.5 })).toBe(true);
    expect(insideGeofence(p, { lng: 117.5, lat: 39.5 })).toBe(false);
    expect(insidePolygon(square, { lng: 116, lat: 39.5 })).toBe(true);
    expect(insidePolygon(square, { lng: 117, lat: 40 })).toBe(true);
    expect(insidePolygon(square, { lng: 116.5, lat: 40 })).toBe(true);
    expect(insidePolygon(square, { lng: 116.5, lat: 40.0001 })).toBe(false);
  });
  it("a concave polygon leaves its notch out", () => {
    const u = [
      { lng: 0, lat: 0 },
      { lng: 3, lat: 0 },
      { lng: 3, lat: 3 },
      { lng: 2, lat: 3 },
      { lng: 2, lat: 1 },
      { lng: 1, lat: 1 },
      { lng: 1, lat: 3 },
      { lng: 0, lat: 3 },
    ];
    expect(insidePolygon(u, { lng: 1.5, lat: 2 })).toBe(false);
    expect(insidePolygon(u, { lng: 0.5, lat: 2 })).toBe(true);
    expect(insidePolygon(u, { lng: 2.5, lat: 2 })).toBe(true);
  });
});

const circle: FenceWatch = { shape: { type: 1, center, radiusKm: 1 }, rule: "both", window: null, speedLimit: null };
const out = (at: number, speed: number | null = 30) => ({ at, lng: 116.45, lat: 39.9, speed });
const inn = (at: number, speed: number | null = 30) => ({ at, lng: 116.4, lat: 39.9, speed });

describe("the enter/exit watcher per (fence, vehicle)", () => {
  it("the first position only places the vehicle", () => {
    expect(stepFence(circle, null, inn(1))).toEqual({
      state: { inside: true, over: false, at: 1 },
      events: [],
      ends: [],
    });
  });
  it("a stream crossing the fence gives one enter and one exit", () => {
    let state = stepFence(circle, null, out(1)).state;
    const kinds: string[] = [];
    for (const p of [out(2), inn(3), inn(4), out(5), out(6)]) {
      const s = stepFence(circle, state, p);
      state = s.state;
      kinds.push(...s.events.map((e) => `${e.kind}@${e.at}:${e.alarm}`));
    }
    expect(kinds).toEqual(["enter@3:true", "exit@5:true"]);
  });
  it("entering ends an exit alarm, leaving ends enter alarms", () => {
    expect(stepFence(circle, { inside: false, over: false, at: 1 }, inn(2)).ends).toEqual(["exit"]);
    expect(stepFence(circle, { inside: true, over: false, at: 1 }, out(2)).ends).toEqual(["enter"]);
  });
  it("the rule decides which crossing alarms", () => {
    const enterOnly = { ...circle, rule: "enter" as const };
    const exitOnly = { ...circle, rule: "exit" as const };
    expect(stepFence(enterOnly, { inside: false, over: false, at: 1 }, inn(2)).events[0]?.alarm).toBe(true);
    expect(stepFence(enterOnly, { inside: true, over: false, at: 1 }, out(2)).events[0]?.alarm).toBe(false);
    expect(stepFence(exitOnly, { inside: false, over: false, at: 1 }, inn(2)).events[0]?.alarm).toBe(false);
    expect(stepFence(exitOnly, { inside: true, over: false, at: 1 }, out(2)).events[0]?.alarm).toBe(true);
  });
  it("a late or repeated position changes nothing", () => {
    const state = { inside: false, over: false, at: 10 };
    expect(stepFence(circle, state, inn(10))).toEqual({ state, events: [], ends: [] });
    expect(stepFence(circle, state, inn(5))).toEqual({ state, events: [], ends: [] });
  });
  it("overspeed inside: once when it starts, ended when slowing down or leaving", () => {
    const limited = { ...circle, speedLimit: 60 };
    const a = stepFence(limited, { inside: true, over: false, at: 1 }, inn(2, 80));
    expect(a.events).toEqual([{ kind: "overspeed", at: 2, alarm: true }]);
    expect(stepFence(limited, a.state, inn(3, 90)).events).toEqual([]);
    expect(stepFence(limited, a.state, inn(3, 60)).ends).toEqual(["overspeed"]);
    expect(stepFence(limited, a.state, out(3, 90)).ends).toEqual(["enter", "overspeed"]);
    expect(stepFence(limited, a.state, inn(3, null)).state.over).toBe(false);
    expect(stepFence(limited, null, out(1, 90)).state.over).toBe(false);
  });
  it("outside the daily window events are kept but do not alarm", () => {
    // 2026-11-24 02:00 UTC is 10:00 China time.
    const at = Date.UTC(2026, 10, 24, 2, 0);
    const night = { ...circle, window: { start: 20 * 60, end: 6 * 60 } };
    const s = stepFence(night, { inside: false, over: false, at: at - 1 }, inn(at));
    expect(s.events).toEqual([{ kind: "enter", at, alarm: false }]);
  });
});

const chinaAt = (h: number, m: number) => Date.UTC(2026, 10, 24, h - 8, m);

describe("the daily window (China time)", () => {
  it("a plain window includes both ends", () => {
    const w = { start: 8 * 60, end: 18 * 60 };
    expect(inFenceWindow(w, chinaAt(8, 0))).toBe(true);
    expect(inFenceWindow(w, chinaAt(18, 0))).toBe(true);
    expect(inFenceWindow(w, chinaAt(18, 1))).toBe(false);
    expect(inFenceWindow(w, chinaAt(7, 59))).toBe(false);
  });
  it("a window past midnight wraps", () => {
    const w = { start: 22 * 60, end: 6 * 60 };
    expect(inFenceWindow(w, chinaAt(23, 0))).toBe(true);
    expect(inFenceWindow(w, chinaAt(5, 0))).toBe(true);
    expect(inFenceWindow(w, chinaAt(12, 0))).toBe(false);
    expect(inFenceWindow(null, 0)).toBe(true);
  });
  it("parses and formats HH:mm-HH:mm", () => {
    expect(parseFenceWindow(" 08:00 - 18:30 ")).toEqual({ start: 480, end: 1110 });
    expect(parseFenceWindow("")).toBeNull();
    expect(parseFenceWindow("8:00-18:00")).toBeUndefined();
    expect(parseFenceWindow("24:00-01:00")).toBeUndefined();
    expect(formatFenceWindow({ start: 480, end: 1110 })).toBe("08:00-18:30");
    expect(formatFenceWindow(null)).toBe("");
  });
});

describe("checkFence: the record both sides check", () => {
  const good = {
    name: " 北京站 ",
    type: 1,
    position: "116.4,39.9",
    radius: 2,
    rule: "both",
    window: "08:00-18:00",
    speedLimit: 60,
    level: 2,
    vins: ["lb3cx1hu5rc100005", "LB3CX1HU5RC100005"],
    groupIds: [3],
  };
  it("accepts a circle and normalizes", () => {
    const r = checkFence(good);
    expect(r).toEqual({
      ok: true,
      value: {
        name: "北京站",
        shape: { type: 1, center, radiusKm: 2 },
        rule: "both",
        window: { start: 480, end: 1080 },
        speedLimit: 60,
        level: 2,
        vins: ["LB3CX1HU5RC100005"],
        groupIds: [3],
      },
    });
  });
  it("accepts a polygon with no window, no limit", () => {
    const r = checkFence({
      ...good,
      type: 2,
      position: "116,39;117,39;117,40",
      radius: undefined,
      window: null,
      speedLimit: null,
    });
    expect(r.ok && r.value.window).toBeNull();
    expect(r.ok && r.value.speedLimit).toBeNull();
    expect(checkFence({ ...good, window: undefined, speedLimit: undefined }).ok).toBe(true);
  });
  it("names every bad field", () => {
    expect(
      checkFence({
        name: "",
        type: 1,
        position: "x",
        rule: "in",
        window: "8-9",
        speedLimit: 1.5,
        level: 4,
        vins: [],
        groupIds: [],
      }),
    ).toEqual({
      ok: false,
      errors: {
        name: MSG_FENCE_NAME,
        position: expect.stringContaining("中心点"),
        rule: MSG_FENCE_RULE,
        window: MSG_FENCE_WINDOW,
        speedLimit: MSG_FENCE_SPEED,
        level: MSG_FENCE_LEVEL,
        bindings: MSG_FENCE_BINDINGS,
      },
    });
    expect(checkFence(null)).toMatchObject({ ok: false, errors: { name: MSG_FENCE_NAME } });
    expect(checkFence({ ...good, window: 5 })).toMatchObject({ ok: false, errors: { window: MSG_FENCE_WINDOW } });
    expect(checkFence({ ...good, groupIds: [0] })).toMatchObject({
      ok: false,
      errors: { bindings: MSG_FENCE_BINDINGS },
    });
    expect(checkFence({ ...good, name: "x".repeat(21) })).toMatchObject({ ok: false });
    expect(checkFence({ ...good, speedLimit: 251 })).toMatchObject({
      ok: false,
      errors: { speedLimit: MSG_FENCE_SPEED },
    });
    expect(checkFence({ ...good, vins: "x", groupIds: "y" })).toMatchObject({ ok: false });
    expect(checkFence({ ...good, name: 5, position: 5, radius: "2" })).toMatchObject({ ok: false });
  });
  it("bounds the radius and the polygon's corners", () => {
    expect(checkFence({ ...good, radius: 501 })).toMatchObject({ ok: false, errors: { radius: MSG_FENCE_RADIUS_MAX } });
    const many = Array.from({ length: 101 }, (_, i) => `116.${i},39`).join(";");
    expect(checkFence({ ...good, type: 2, position: many })).toMatchObject({
      ok: false,
      errors: { position: MSG_FENCE_POLYGON_MAX },
    });
  });
  it("names alarms 围栏驶入 / 驶出 / 超速", () => {
    expect(fenceAlarmName("enter", "北京站")).toBe("围栏驶入：北京站");
    expect(fenceAlarmName("exit", "北京站")).toBe("围栏驶出：北京站");
    expect(fenceAlarmName("overspeed", "北京站")).toBe("围栏超速：北京站");
  });
});
