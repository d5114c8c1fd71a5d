import { describe, expect, it } from "vitest";
import {
  campaignActionProblem,
  campaignStateAfter,
  isOtaVehicleOpen,
  otaPackageProblems,
  otaProgress,
  otaStep,
  versionChanged,
  versionsOf,
} from "./ota";

const ok = { state: "success", reason: null } as const;
const answer = (firmware: string) => ({
  ...ok,
  params: [
    { id: 7, value: "HW1.0" },
    { id: 8, value: firmware },
  ],
});

describe("OTA campaign progress", () => {
  it("follows the upgrade command, then reads the versions back", () => {
    for (const s of ["queued", "sent", "acknowledged"] as const)
      expect(otaStep("queued", { state: s, reason: null }, undefined, "FW1.3")).toEqual({
        state: s,
        reason: null,
        queueVerify: false,
      });
    expect(otaStep("sent", ok, undefined, "FW1.3")).toEqual({ state: "upgrading", reason: null, queueVerify: true });
    expect(otaStep("upgrading", ok, { state: "sent", reason: null }, "FW1.3").state).toBe("upgrading");
    expect(otaStep("upgrading", ok, answer("FW1.3"), "FW1.3")).toEqual({
      state: "success",
      reason: null,
      queueVerify: false,
      learnt: { hardware: "HW1.0", firmware: "FW1.3" },
    });
  });
  it("fails with the reason: refused, expired, unread or a different firmware; cancelled stays cancelled", () => {
    expect(otaStep("sent", { state: "failed", reason: "终端应答“错误”" }, undefined, "FW1.3")).toMatchObject({
      state: "failed",
      reason: "终端应答“错误”",
    });
    expect(otaStep("sent", { state: "expired", reason: null }, undefined, "FW1.3").reason).toBe("升级命令未成功");
    expect(otaStep("queued", { state: "cancelled", reason: "admin撤销" }, undefined, "FW1.3").state).toBe("cancelled");
    expect(otaStep("upgrading", ok, { state: "expired", reason: "超时" }, "FW1.3").reason).toBe(
      "升级后未能读取版本：超时",
    );
    expect(otaStep("upgrading", ok, { state: "failed", reason: null }, "FW1.3").reason).toBe(
      "升级后未能读取版本：查询未成功",
    );
    const other = otaStep("upgrading", ok, answer("FW1.2"), "FW1.3");
    expect(other).toMatchObject({
      state: "failed",
      reason: "升级后固件版本为FW1.2，目标为FW1.3",
      learnt: { firmware: "FW1.2" },
    });
    expect(otaStep("upgrading", ok, ok, "FW1.3")).toEqual({
      state: "failed",
      reason: "升级后固件版本为未知，目标为FW1.3",
      queueVerify: false,
    });
    expect(otaStep("success", { state: "failed", reason: null }, undefined, "FW1.3").state).toBe("success");
    expect(isOtaVehicleOpen("upgrading")).toBe(true);
    expect(isOtaVehicleOpen("failed")).toBe(false);
  });
  it("finishes a running campaign when no vehicle is open; counts states; guards start and cancel", () => {
    expect(campaignStateAfter("running", ["success", "upgrading"])).toBe("running");
    expect(campaignStateAfter("running", ["success", "failed"])).toBe("finished");
    expect(campaignStateAfter("cancelled", ["queued"])).toBe("cancelled");
    expect(otaProgress(["success", "success", "failed"])).toMatchObject({ success: 2, failed: 1, queued: 0 });
    expect(campaignActionProblem("draft", "start")).toBeUndefined();
    expect(campaignActionProblem("running", "start")).toBe("任务进行中，不能启动");
    expect(campaignActionProblem("running", "cancel")).toBeUndefined();
    expect(campaignActionProblem("finished", "cancel")).toBe("任务已完成，不能取消");
  });
});

describe("versions", () => {
  it("reads 0x07/0x08 from an answer and tells a change", () => {
    expect(versionsOf([{ id: 2, value: 10 }])).toBeUndefined();
    expect(versionsOf([{ id: 8, value: "FW1.3" }])).toEqual({ hardware: null, firmware: "FW1.3" });
    const v = { hardware: "HW1.0", firmware: "FW1.2" };
    expect(versionChanged(undefined, v)).toBe(true);
    expect(versionChanged(v, v)).toBe(false);
    expect(versionChanged(v, { hardware: null, firmware: "FW1.2" })).toBe(false);
    expect(versionChanged(v, { hardware: null, firmware: "FW1.3" })).toBe(true);
    expect(versionChanged(v, { hardware: "HW2.0", firmware: null })).toBe(true);
  });
});

describe("packages", () => {
  it("names each bad field", () => {
    const good = {
      name: "T-BOX固件",
      vehicleModel: "EV-1",
      makerCode: "TSP1",
      hardwareVersion: "HW1.0",
      firmwareVersion: "FW1.3",
    };
    expect(otaPackageProblems(good)).toEqual([]);
    expect(
      otaPackageProblems({
        name: " ",
        vehicleModel: "x".repeat(51),
        makerCode: "T",
        hardwareVersion: "H",
        firmwareVersion: "FW 13",
      }).map((p) => p.field),
    ).toEqual(["name", "vehicleModel", "makerCode", "hardwareVersion", "firmwareVersion"]);
  });
});
