import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_FAULT_LIMITS,
  DeviceHandlingSchema,
  detectTerminalFaults,
  deviceHandlingProblem,
  MSG_DEVICE_DONE,
  MSG_DEVICE_NOTE,
  MSG_DEVICE_SAME,
  MSG_DEVICE_STATE,
  type TerminalObservation,
} from "./index";

const H = 3_600_000;
const NOW = Date.UTC(2026, 10, 24, 12);
const quiet: TerminalObservation = {
  lastFrameAt: NOW - H,
  latestUnit: { collectedAt: NOW - H, receivedAt: NOW - H + 2000 },
  badFrameTimes: [],
  lastFixAt: NOW - H,
  lastPositionAt: NOW - H,
  alarms: [],
};

describe("detectTerminalFaults", () => {
  it("finds nothing on a terminal reporting well", () => {
    expect(detectTerminalFaults(quiet, NOW)).toEqual([]);
  });

  it("a terminal silent over 24 h that reported within 30 days is a silence from its last frame", () => {
    const last = NOW - 30 * H;
    expect(detectTerminalFaults({ ...quiet, lastFrameAt: last }, NOW)).toEqual([
      { kind: "silence", startedAt: last, ongoing: true, detail: "已 30 小时未收到任何报文" },
    ]);
    expect(detectTerminalFaults({ ...quiet, lastFrameAt: NOW - 24 * H }, NOW)).toEqual([]);
    // Out of service for more than 30 days, or never reported: not silent.
    expect(detectTerminalFaults({ ...quiet, lastFrameAt: NOW - 31 * 24 * H }, NOW)).toEqual([]);
    expect(detectTerminalFaults({ ...quiet, lastFrameAt: null }, NOW)).toEqual([]);
  });

  it("a clock more than 10 minutes off either way is a drift", () => {
    const at = NOW - H;
    const ahead = detectTerminalFaults(
      { ...quiet, latestUnit: { collectedAt: at + 15 * 60_000, receivedAt: at } },
      NOW,
    );
    expect(ahead).toEqual([{ kind: "clockDrift", startedAt: at, ongoing: true, detail: "终端时间比平台快 15 分钟" }]);
    const behind = detectTerminalFaults(
      { ...quiet, latestUnit: { collectedAt: at - 11 * 60_000, receivedAt: at } },
      NOW,
    );
    expect(behind[0]?.detail).toBe("终端时间比平台慢 11 分钟");
    expect(detectTerminalFaults({ ...quiet, latestUnit: null }, NOW)).toEqual([]);
  });

  it("three check-code failures within 24 h start at the first of them", () => {
    const times = [NOW - 2 * H, NOW - 5 * H, NOW - 3 * H, NOW - 25 * H, NOW + H];
    expect(detectTerminalFaults({ ...quiet, badFrameTimes: times }, NOW)).toEqual([
      { kind: "checkCode", startedAt: NOW - 5 * H, ongoing: true, detail: "24 小时内 3 帧校验码或结构错误" },
    ]);
    expect(detectTerminalFaults({ ...quiet, badFrameTimes: times.slice(0, 2) }, NOW)).toEqual([]);
  });

  it("positions without a fix for over 6 h since the last fix", () => {
    const o = { ...quiet, lastFixAt: NOW - 9 * H, lastPositionAt: NOW - H };
    expect(detectTerminalFaults(o, NOW)).toEqual([
      { kind: "gpsUnfixed", startedAt: NOW - 9 * H, ongoing: true, detail: "已 8 小时未定位" },
    ]);
    expect(detectTerminalFaults({ ...o, lastFixAt: null }, NOW)).toEqual([]);
    expect(detectTerminalFaults({ ...o, lastPositionAt: null }, NOW)).toEqual([]);
  });

  it("JT/T 808 terminal fault alarms are faults; vehicle alarms and power-off are not", () => {
    const alarms = [
      { name: "GNSS天线未接或被剪断", startedAt: NOW - 2 * H, endedAt: null },
      { name: "摄像头故障", startedAt: NOW - 5 * H, endedAt: NOW - 4 * H },
      { name: "超速报警", startedAt: NOW - H, endedAt: null },
      { name: "终端主电源掉电", startedAt: NOW - H, endedAt: null },
    ];
    expect(detectTerminalFaults({ ...quiet, alarms }, NOW)).toEqual([
      { kind: "terminalAlarm", startedAt: NOW - 2 * H, ongoing: true, detail: "GNSS天线未接或被剪断" },
      { kind: "terminalAlarm", startedAt: NOW - 5 * H, ongoing: false, detail: "摄像头故障" },
    ]);
  });

  it("takes other limits", () => {
    const o = { ...quiet, lastFrameAt: NOW - 2 * H };
    expect(detectTerminalFaults(o, NOW, { ...DEFAULT_FAULT_LIMITS, silenceMs: H })[0]?.kind).toBe("silence");
  });
});

describe("device handling", () => {
  it("moves 未处理 → 处理中 → 已处理, straight to 已处理, never out of 已处理 or back", () => {
    expect(deviceHandlingProblem("open", "handling")).toBeNull();
    expect(deviceHandlingProblem("open", "done")).toBeNull();
    expect(deviceHandlingProblem("handling", "done")).toBeNull();
    expect(deviceHandlingProblem("handling", "handling")).toBe(MSG_DEVICE_SAME);
    expect(deviceHandlingProblem("done", "handling")).toBe(MSG_DEVICE_DONE);
    expect(deviceHandlingProblem("handling", "open")).toBe(MSG_DEVICE_STATE);
  });

  it("needs a note of 2–200 characters for 已处理 only", () => {
    expect(v.parse(DeviceHandlingSchema, { state: "handling" })).toEqual({ state: "handling", note: "" });
    expect(v.parse(DeviceHandlingSchema, { state: "done", note: " 已重新安装 " }).note).toBe("已重新安装");
    const short = v.safeParse(DeviceHandlingSchema, { state: "done", note: "x" });
    expect(short.success ? "" : short.issues[0].message).toBe(MSG_DEVICE_NOTE);
    expect(v.safeParse(DeviceHandlingSchema, { state: "done", note: "x".repeat(201) }).success).toBe(false);
    expect(v.safeParse(DeviceHandlingSchema, { state: "open" }).success).toBe(false);
  });
});
