import { describe, expect, it } from "vitest";
import { type AlarmReport, alarmChanges, episodeDuration } from "./index";

const report = (
  collectedAt: number,
  alarms: string[],
  extra: Partial<AlarmReport<number>> = {},
): AlarmReport<number> => ({
  vin: "V1",
  protocol: "gbt32960",
  collectedAt,
  resent: false,
  alarms,
  level: alarms.length > 0 ? 1 : 0,
  ref: collectedAt,
  ...extra,
});

describe("alarm episodes from consecutive reports", () => {
  it("starts an alarm at the first report carrying it and ends it at the first without it", () => {
    const changes = alarmChanges([], [report(1, []), report(2, ["绝缘报警"]), report(3, ["绝缘报警"]), report(4, [])]);
    expect(changes).toEqual([
      { kind: "start", alarm: { vin: "V1", protocol: "gbt32960", name: "绝缘报警" }, level: 1, at: 2, ref: 2 },
      { kind: "end", alarm: { vin: "V1", protocol: "gbt32960", name: "绝缘报警" }, at: 4, ref: 4 },
    ]);
  });

  it("continues alarms already on, ends only what stopped, and keeps vehicles and standards apart", () => {
    const open = [
      { vin: "V1", protocol: "gbt32960" as const, name: "绝缘报警" },
      { vin: "V2", protocol: "gbt32960" as const, name: "绝缘报警" },
    ];
    const changes = alarmChanges(open, [
      report(5, ["绝缘报警", "电池高温报警"], { level: 2 }),
      report(6, [], { protocol: "jt808" }),
      report(7, ["电池高温报警"]),
    ]);
    expect(changes.map((c) => `${c.kind} ${c.alarm.vin} ${c.alarm.name} @${c.at}`)).toEqual([
      "start V1 电池高温报警 @5",
      "end V1 绝缘报警 @7",
    ]);
    expect(changes[0]?.kind === "start" && changes[0].level).toBe(2);
  });

  it("lets re-sent reports neither start nor end an alarm", () => {
    const open = [{ vin: "V1", protocol: "gbt32960" as const, name: "绝缘报警" }];
    expect(alarmChanges(open, [report(1, [], { resent: true }), report(2, ["SOC低报警"], { resent: true })])).toEqual(
      [],
    );
  });

  it("says how long an episode lasted", () => {
    expect(episodeDuration(0, null)).toBe("持续中");
    expect(episodeDuration(0, 0)).toBe("0秒");
    expect(episodeDuration(0, 240_000)).toBe("4分");
    expect(episodeDuration(0, 3_723_000)).toBe("1小时2分3秒");
    expect(episodeDuration(5000, 0)).toBe("0秒");
  });
});
