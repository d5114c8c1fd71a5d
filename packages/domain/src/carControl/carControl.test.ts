import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  addMonths,
  CarControlPackageSchema,
  CarControlRemindSchema,
  dayStart,
  MSG_PACKAGE_GROUPS,
  MSG_PACKAGE_MONTHS,
  MSG_REMIND_VINS,
  parseDay,
  remindMatches,
  remoteServiceProblem,
  renewedEnd,
  subscriptionInForce,
  subscriptionPeriod,
  subscriptionState,
} from "./index";

const DAY = 86_400_000;
/** 2026-11-24 00:00 UTC+8. */
const NOV24 = Date.UTC(2026, 10, 23, 16);

describe("service packages", () => {
  it("accepts a package and trims its name", () => {
    const r = v.safeParse(CarControlPackageSchema, { name: " 基础包 ", groups: ["lock"], validityMonths: 12 });
    expect(r.success && r.output).toEqual({ name: "基础包", groups: ["lock"], validityMonths: 12, remark: "" });
  });
  it("refuses no group and a validity out of 1–60 months", () => {
    const none = v.safeParse(CarControlPackageSchema, { name: "基础包", groups: [], validityMonths: 12 });
    expect(none.success ? "" : none.issues[0].message).toBe(MSG_PACKAGE_GROUPS);
    const long = v.safeParse(CarControlPackageSchema, { name: "基础包", groups: ["lock"], validityMonths: 61 });
    expect(long.success ? "" : long.issues[0].message).toBe(MSG_PACKAGE_MONTHS);
  });
});

describe("subscription dates", () => {
  it("parses real yyyy-MM-dd days as UTC+8 midnight and nothing else", () => {
    expect(parseDay("2026-11-24")).toBe(NOV24);
    expect(parseDay(" 2026-11-24 ")).toBe(NOV24);
    expect(parseDay("2026-02-30")).toBeNull();
    expect(parseDay("2026-13-01")).toBeNull();
    expect(parseDay("0099-01-01"), "a two-digit year is not 19xx").toBeNull();
    expect(parseDay("2026/11/24")).toBeNull();
  });
  it("takes the UTC+8 day's start", () => {
    expect(dayStart(NOV24 + 23 * 3_600_000)).toBe(NOV24);
    expect(dayStart(NOV24 - 1)).toBe(NOV24 - DAY);
  });
  it("adds calendar months, the 31st landing on a shorter month's last day", () => {
    expect(addMonths(NOV24, 12)).toBe(Date.UTC(2027, 10, 23, 16));
    const jan31 = parseDay("2027-01-31") as number;
    expect(addMonths(jan31, 1)).toBe(parseDay("2027-02-28"));
    expect(subscriptionPeriod(NOV24 + 5 * 3_600_000, 1)).toEqual({ validFrom: NOV24, validTo: parseDay("2026-12-24") });
  });
});

describe("subscription state", () => {
  const s = { validFrom: NOV24, validTo: NOV24 + 100 * DAY, stoppedAt: null };
  it("is 未生效, 生效, 即将到期, 已过期 by the dates and 已停用 when stopped", () => {
    expect(subscriptionState(s, NOV24 - 1)).toBe("pending");
    expect(subscriptionState(s, NOV24)).toBe("active");
    expect(subscriptionState(s, NOV24 + 70 * DAY)).toBe("expiring");
    expect(subscriptionState(s, NOV24 + 69 * DAY)).toBe("active");
    expect(subscriptionState(s, NOV24 + 100 * DAY)).toBe("expired");
    expect(subscriptionState({ ...s, stoppedAt: NOV24 }, NOV24 + DAY)).toBe("stopped");
    expect(subscriptionInForce(s, NOV24 + 70 * DAY)).toBe(true);
    expect(subscriptionInForce(s, NOV24 - 1)).toBe(false);
  });
  it("renews from the end, or from today once ended; a stopped one is not renewed", () => {
    expect(renewedEnd(s, 1, NOV24)).toBe(addMonths(NOV24 + 100 * DAY, 1));
    expect(renewedEnd(s, 1, NOV24 + 200 * DAY + 5)).toBe(addMonths(NOV24 + 200 * DAY, 1));
    expect(renewedEnd({ ...s, stoppedAt: NOV24 }, 1, NOV24)).toBeNull();
  });
});

describe("remote-control enforcement", () => {
  const sub = { validFrom: NOV24, validTo: NOV24 + 100 * DAY, stoppedAt: null, groups: ["lock", "findCar"] as const };
  it("lets a group of the package in force through", () => {
    expect(remoteServiceProblem({ ...sub, groups: [...sub.groups] }, "findCar", NOV24 + DAY)).toBeUndefined();
    expect(remoteServiceProblem({ ...sub, groups: [...sub.groups] }, "lock", NOV24 + 80 * DAY)).toBeUndefined();
  });
  it("refuses with the reason in Chinese", () => {
    const g = [...sub.groups];
    expect(remoteServiceProblem(null, "engine", NOV24)).toBe("该车辆未开通车控服务，不能下发“远程启动”车控服务");
    expect(remoteServiceProblem({ ...sub, groups: g }, "climate", NOV24 + DAY)).toBe(
      "该车辆的车控服务包不含“空调”车控服务",
    );
    expect(remoteServiceProblem({ ...sub, groups: g }, "lock", NOV24 + 100 * DAY)).toBe(
      "该车辆的车控服务已过期，不能下发“车门锁”车控服务",
    );
    expect(remoteServiceProblem({ ...sub, groups: g, stoppedAt: NOV24 }, "windows", NOV24 + DAY)).toBe(
      "该车辆的车控服务已停用，不能下发“车窗”车控服务",
    );
  });
});

describe("reminder rules", () => {
  const rule = { accountId: 1, channels: ["site"], results: ["failed", "expired"], groups: ["lock"], enabled: true };
  it("normalises the VINs and refuses more than 100", () => {
    const r = v.safeParse(CarControlRemindSchema, { ...rule, vins: [" lfvsykm34pe600060 "] });
    expect(r.success && r.output.vins).toEqual(["LFVSYKM34PE600060"]);
    expect(v.safeParse(CarControlRemindSchema, rule).success).toBe(true);
    const many = v.safeParse(CarControlRemindSchema, { ...rule, vins: Array(101).fill("LFVSYKM34PE600060") });
    expect(many.success ? "" : many.issues[0].message).toBe(MSG_REMIND_VINS);
    const bad = v.safeParse(CarControlRemindSchema, { ...rule, vins: ["X"] });
    expect(bad.success).toBe(false);
  });
  it("matches an enabled rule's result, group and vehicles", () => {
    const r = { ...rule, results: ["failed", "expired"] as const, groups: ["lock"] as const, vins: [] };
    const cmd = { result: "expired" as const, group: "lock" as const, vin: "LFVSYKM34PE600060" };
    const match = (x: object, c = cmd) =>
      remindMatches({ ...r, results: [...r.results], groups: [...r.groups], ...x }, c);
    expect(match({})).toBe(true);
    expect(match({ enabled: false })).toBe(false);
    expect(match({}, { ...cmd, result: "cancelled" as never })).toBe(false);
    expect(match({}, { ...cmd, group: "engine" as never })).toBe(false);
    expect(match({ vins: ["LFVSYKM34PE600061"] })).toBe(false);
    expect(match({ vins: ["LFVSYKM34PE600060"] })).toBe(true);
  });
});

describe("the subscription form", () => {
  it("normalises the VIN and takes an empty start as today's", async () => {
    const { CarControlSubscriptionSchema, MSG_PACKAGE, MSG_START_DATE } = await import("./index");
    const r = v.safeParse(CarControlSubscriptionSchema, { vin: " lfvsykm34pe600060", packageId: 2 });
    expect(r.success && r.output).toEqual({ vin: "LFVSYKM34PE600060", packageId: 2, startDate: "" });
    const noPkg = v.safeParse(CarControlSubscriptionSchema, { vin: "LFVSYKM34PE600060", packageId: null });
    expect(noPkg.success ? "" : noPkg.issues[0].message).toBe(MSG_PACKAGE);
    const day = v.safeParse(CarControlSubscriptionSchema, {
      vin: "LFVSYKM34PE600060",
      packageId: 2,
      startDate: "2026-02-30",
    });
    expect(day.success ? "" : day.issues[0].message).toBe(MSG_START_DATE);
    expect(v.safeParse(CarControlSubscriptionSchema, { vin: "X", packageId: 2 }).success).toBe(false);
  });
});
