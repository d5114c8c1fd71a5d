import { describe, expect, it } from "vitest";
import { chinaDayStart } from "../dates/chinaTime";
import {
  countMachineStates,
  hoursText,
  MACHINE_STALE_MS,
  machineRangeProblem,
  machineStateOf,
  onlineByDay,
  pairSessions,
} from "./index";

const H = 3_600_000;
// 2026-03-10 00:00 China time.
const DAY0 = Date.UTC(2026, 2, 9, 16);

describe("machineStateOf", () => {
  const now = DAY0 + 10 * H;
  const base = { online: true, lastReportAt: now - 60_000, engineRpm: 1500, alarm: null };
  it("is working above the working speed, online when idling", () => {
    expect(machineStateOf(base, now)).toBe("working");
    expect(machineStateOf({ ...base, engineRpm: 700 }, now)).toBe("online");
    expect(machineStateOf({ ...base, engineRpm: null }, now)).toBe("online");
  });
  it("is offline when logged out, never reported or silent too long", () => {
    expect(machineStateOf({ ...base, online: false }, now)).toBe("offline");
    expect(machineStateOf({ ...base, lastReportAt: null }, now)).toBe("offline");
    expect(machineStateOf({ ...base, lastReportAt: now - MACHINE_STALE_MS - 1 }, now)).toBe("offline");
    expect(machineStateOf({ ...base, lastReportAt: now - MACHINE_STALE_MS }, now)).toBe("working");
  });
  it("shows an alarm first, also offline", () => {
    expect(machineStateOf({ ...base, online: false, alarm: "终端拆除报警" }, now)).toBe("alarm");
  });
  it("counts every state", () => {
    expect(countMachineStates(["working", "alarm", "working"])).toEqual({
      working: 2,
      online: 0,
      alarm: 1,
      offline: 0,
    });
  });
});

describe("pairSessions", () => {
  it("pairs logins with logouts in time order, whatever the input order", () => {
    expect(
      pairSessions([
        { at: 30, kind: "logout" },
        { at: 10, kind: "login" },
        { at: 50, kind: "login" },
        { at: 70, kind: "logout" },
      ]),
    ).toEqual([
      { loginAt: 10, logoutAt: 30 },
      { loginAt: 50, logoutAt: 70 },
    ]);
  });
  it("closes a session at a second login, ignores a lone logout, keeps the last one open", () => {
    expect(
      pairSessions([
        { at: 5, kind: "logout" },
        { at: 10, kind: "login" },
        { at: 20, kind: "login" },
        { at: 40, kind: "logout" },
        { at: 45, kind: "logout" },
        { at: 60, kind: "login" },
      ]),
    ).toEqual([
      { loginAt: 10, logoutAt: 20 },
      { loginAt: 20, logoutAt: 40 },
      { loginAt: 60, logoutAt: null },
    ]);
  });
  it("keeps the order of events at the same instant", () => {
    expect(
      pairSessions([
        { at: 10, kind: "login" },
        { at: 20, kind: "logout" },
        { at: 20, kind: "login" },
      ]),
    ).toEqual([
      { loginAt: 10, logoutAt: 20 },
      { loginAt: 20, logoutAt: null },
    ]);
  });
});

describe("onlineByDay", () => {
  const range = { from: DAY0, to: DAY0 + 3 * 24 * H };
  it("splits a session over midnight and sums a day's sessions", () => {
    const days = onlineByDay(
      [
        { loginAt: DAY0 + 8 * H, logoutAt: DAY0 + 10 * H },
        { loginAt: DAY0 + 22 * H, logoutAt: DAY0 + 26 * H },
      ],
      range,
      DAY0 + 100 * H,
    );
    expect(days).toEqual([
      { day: "2026-03-10", onlineMs: 4 * H, sessions: 2, firstLoginAt: DAY0 + 8 * H, lastLogoutAt: DAY0 + 10 * H },
      { day: "2026-03-11", onlineMs: 2 * H, sessions: 1, firstLoginAt: null, lastLogoutAt: DAY0 + 26 * H },
    ]);
  });
  it("clips to the range and runs an open session until now", () => {
    const days = onlineByDay(
      [
        { loginAt: DAY0 - 2 * H, logoutAt: DAY0 + H },
        { loginAt: DAY0 + 50 * H, logoutAt: null },
      ],
      range,
      DAY0 + 53 * H,
    );
    expect(days).toEqual([
      { day: "2026-03-10", onlineMs: H, sessions: 1, firstLoginAt: null, lastLogoutAt: DAY0 + H },
      { day: "2026-03-12", onlineMs: 3 * H, sessions: 1, firstLoginAt: DAY0 + 50 * H, lastLogoutAt: null },
    ]);
    expect(onlineByDay([{ loginAt: DAY0 - 5 * H, logoutAt: DAY0 - H }], range, DAY0 + H)).toEqual([]);
  });
  it("knows China's day start", () => {
    expect(chinaDayStart(DAY0 + 23 * H)).toBe(DAY0);
    expect(chinaDayStart(DAY0 - 1)).toBe(DAY0 - 24 * H);
  });
});

describe("machineRangeProblem and hoursText", () => {
  it("refuses a reversed or too long range", () => {
    expect(machineRangeProblem(2, 1, 7)).toBe("开始时间不能晚于结束时间");
    expect(machineRangeProblem(0, 7 * 24 * H + 1, 7)).toBe("查询的时间范围不能超过7天");
    expect(machineRangeProblem(0, 7 * 24 * H, 7)).toBeNull();
  });
  it("writes hours with one decimal", () => {
    expect(hoursText(5_400_000)).toBe("1.5");
    expect(hoursText(0)).toBe("0.0");
  });
});
