import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  checkFleetFilter,
  FleetFilterNameSchema,
  fleetFilterProblems,
  isEmptyFleetFilter,
  MSG_FLEET_FILTER_NAME,
  MSG_FLEET_OFFLINE_HOURS,
  MSG_FLEET_ONLINE_OFFLINE,
  MSG_FLEET_SPEED,
  MSG_FLEET_SPEED_RANGE,
  msgFleetGroupTooMany,
} from "./fleetFilter";

describe("fleet filter (高级筛选)", () => {
  it("takes SOC below 20 % and offline longer than 24 h", () => {
    expect(checkFleetFilter({ socMax: 20, offlineHours: 24, vin: " LB3 " })).toEqual({
      ok: true,
      value: { socMax: 20, offlineHours: 24, vin: "LB3" },
    });
  });

  it("refuses ranges out of bounds or reversed", () => {
    expect(fleetFilterProblems({ socMin: 30, socMax: 20 })).toEqual([{ field: "socMin", msg: "SOC下限不能大于上限" }]);
    expect(fleetFilterProblems({ offlineHours: 0 })).toEqual([{ field: "offlineHours", msg: MSG_FLEET_OFFLINE_HOURS }]);
    expect(fleetFilterProblems({ offlineHours: 1.5 })[0]?.msg).toBe(MSG_FLEET_OFFLINE_HOURS);
    expect(fleetFilterProblems({ offlineHours: 8761 })[0]?.msg).toBe(MSG_FLEET_OFFLINE_HOURS);
    expect(fleetFilterProblems({ speedMin: -1 })).toEqual([{ field: "speedMin", msg: MSG_FLEET_SPEED }]);
    expect(fleetFilterProblems({ speedMax: 251 })[0]?.msg).toBe(MSG_FLEET_SPEED);
    expect(fleetFilterProblems({ speedMin: 80, speedMax: 60 })[0]?.msg).toBe(MSG_FLEET_SPEED_RANGE);
    expect(fleetFilterProblems({ speedMin: 60, speedMax: 80, offlineHours: 8760, online: "offline" })).toEqual([]);
  });

  it("refuses online together with an offline time", () => {
    expect(fleetFilterProblems({ online: "online", offlineHours: 2 })).toEqual([
      { field: "online", msg: MSG_FLEET_ONLINE_OFFLINE },
    ]);
  });

  it("names the field of a value of the wrong kind, or the filter itself", () => {
    expect(checkFleetFilter({ alarmLevel: 4 })).toEqual({
      ok: false,
      problems: [{ field: "alarmLevel", msg: "alarmLevel：格式不正确" }],
    });
    expect(checkFleetFilter("x")).toEqual({ ok: false, problems: [{ field: "filter", msg: "filter：格式不正确" }] });
    expect(checkFleetFilter({ socMin: 101 })).toMatchObject({ ok: false, problems: [{ field: "socMin" }] });
  });

  it("knows a filter that sets nothing", () => {
    expect(isEmptyFleetFilter({})).toBe(true);
    expect(isEmptyFleetFilter({ plate: "" })).toBe(true);
    expect(isEmptyFleetFilter({ socMax: 20 })).toBe(false);
  });

  it("takes a trimmed saved-filter name of 1–30 characters", () => {
    expect(v.safeParse(FleetFilterNameSchema, { name: " 低电量离线 " }).output).toEqual({ name: "低电量离线" });
    expect(v.safeParse(FleetFilterNameSchema, { name: " " }).issues?.[0]?.message).toBe(MSG_FLEET_FILTER_NAME);
    expect(v.safeParse(FleetFilterNameSchema, { name: "名".repeat(31) }).issues?.[0]?.message).toBe(
      MSG_FLEET_FILTER_NAME,
    );
  });

  it("says how many vehicles were too many for one group", () => {
    expect(msgFleetGroupTooMany(6000)).toBe("筛选结果有 6000 辆车，一次最多放入 5000 辆，请缩小筛选范围");
  });
});
