import { describe, expect, it } from "vitest";
import {
  DEVICE_CHANGE_KIND_INFO,
  DEVICE_CHANGE_KINDS,
  DEVICE_CHANGE_REASONS,
  DEVICE_CHANGE_STATES,
  deviceChangeKindOfRoute,
  deviceChangeProblem,
  deviceChangeReviewProblem,
  MSG_DEVICE_CHANGE_REJECT_REASON,
  msgDeviceChangeForbidden,
  msgDeviceChangeNotPending,
  replaceCode,
} from "./deviceChange";
import { VIN_CHECK_REASONS, vinCheckDetail } from "./vinCheck";

const VIN = "LGXCE4CB2S0000123";
const facts = (over: Partial<Parameters<typeof deviceChangeProblem>[0]> = {}) => ({
  kind: "tbox" as const,
  vin: VIN,
  oldCode: "TB-OLD",
  newCode: "TB-NEW",
  current: ["TB-OLD"],
  newRegistered: true,
  newHolder: null,
  ...over,
});

describe("device replacements", () => {
  it("maps every kind to its screen and back", () => {
    for (const k of DEVICE_CHANGE_KINDS) expect(deviceChangeKindOfRoute(DEVICE_CHANGE_KIND_INFO[k].route)).toBe(k);
    expect(deviceChangeKindOfRoute("tboxfalse")).toBeNull();
    expect(DEVICE_CHANGE_REASONS).toContain("fault");
    expect(DEVICE_CHANGE_STATES).toEqual(["pending", "approved", "rejected"]);
  });

  it("accepts a replacement of the current code by a free registered one", () => {
    expect(deviceChangeProblem(facts())).toBeNull();
    expect(deviceChangeProblem(facts({ kind: "motor", current: ["M1", "TB-OLD"] }))).toBeNull();
  });

  it("refuses, saying why", () => {
    expect(deviceChangeProblem(facts({ newCode: "TB-OLD" }))).toBe("新T-BOX序列号与原T-BOX序列号相同，无需更换");
    expect(deviceChangeProblem(facts({ current: ["TB-X"] }))).toBe(
      `原T-BOX序列号“TB-OLD”不是车辆${VIN}当前的T-BOX序列号（当前：TB-X）`,
    );
    expect(deviceChangeProblem(facts({ current: [] }))).toContain("（当前：无）");
    expect(deviceChangeProblem(facts({ newRegistered: false }))).toBe("新T-BOX序列号“TB-NEW”不在TBOX数据中，请先登记");
    expect(deviceChangeProblem(facts({ kind: "battery", newRegistered: false }))).toBe(
      "新电池包编码“TB-NEW”不在中，请先登记",
    );
    expect(deviceChangeProblem(facts({ newHolder: VIN }))).toBe(`新T-BOX序列号“TB-NEW”已在车辆${VIN}上`);
    expect(deviceChangeProblem(facts({ newHolder: "LGXCE4CB2S0000999" }))).toBe(
      "新T-BOX序列号“TB-NEW”已绑定车辆LGXCE4CB2S0000999，请先在原车辆上更换或解绑",
    );
  });

  it("replaces the old code in place", () => {
    expect(replaceCode(["A", "B", "C"], "B", "X")).toEqual(["A", "X", "C"]);
  });

  it("requires a reason to reject, bounds the note", () => {
    expect(deviceChangeReviewProblem(false, " ")).toBe(MSG_DEVICE_CHANGE_REJECT_REASON);
    expect(deviceChangeReviewProblem(false, null)).toBe(MSG_DEVICE_CHANGE_REJECT_REASON);
    expect(deviceChangeReviewProblem(true, undefined)).toBeNull();
    expect(deviceChangeReviewProblem(false, "新件型号不符")).toBeNull();
    expect(deviceChangeReviewProblem(true, "x".repeat(201))).toBe("审批意见不能超过200个字符");
    expect(msgDeviceChangeNotPending("approved")).toBe("该更换申请状态为已通过，只有待审批的申请可以审批");
    expect(msgDeviceChangeForbidden("motor", "审批")).toBe("没有驱动电机更换的审批权限");
  });
});

describe("VIN check failures", () => {
  it("names each reason's detail", () => {
    expect(VIN_CHECK_REASONS).toEqual(["vin-unknown", "vin-duplicate", "iccid-mismatch"]);
    expect(vinCheckDetail("vin-unknown", null, null)).toContain("不在任何单位");
    expect(vinCheckDetail("vin-duplicate", null, null)).toContain("另一连接");
    expect(vinCheckDetail("iccid-mismatch", "8986001", null)).toBe("登入ICCID 8986001，档案ICCID 无");
    expect(vinCheckDetail("iccid-mismatch", null, "8986002")).toBe("登入ICCID 无，档案ICCID 8986002");
  });
});
