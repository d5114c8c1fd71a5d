import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { MSG_GROUP_NAME, msgGroupInUse, VehicleGroupNameSchema } from "./groups";

describe("vehicle groups", () => {
  it("takes a trimmed name of 1–30 characters", () => {
    expect(v.safeParse(VehicleGroupNameSchema, { name: " 华东干线 " }).output).toEqual({ name: "华东干线" });
    expect(v.safeParse(VehicleGroupNameSchema, { name: "   " }).issues?.[0]?.message).toBe(MSG_GROUP_NAME);
    expect(v.safeParse(VehicleGroupNameSchema, { name: "组".repeat(31) }).issues?.[0]?.message).toBe(MSG_GROUP_NAME);
    expect(v.safeParse(VehicleGroupNameSchema, { name: 5 }).issues?.[0]?.message).toBe(MSG_GROUP_NAME);
  });

  it("names how many settings hold a group in use", () => {
    expect(msgGroupInUse(2)).toBe("该分组正被 2 个账号的消息通知设置使用，请先修改设置再删除");
  });
});
