import { describe, expect, it } from "vitest";
import { commandName, encryptionName, responseFlagName } from "./codes";

describe("code tables per edition", () => {
  it("names the commands of 2016 and the ones 2025 adds", () => {
    expect(commandName(0x01, 2016)).toBe("车辆登入");
    expect(commandName(0x04, 2025)).toBe("车辆登出");
    expect(commandName(0x0b, 2016)).toBeUndefined();
    expect(commandName(0x0b, 2025)).toBe("密钥同步");
    expect(commandName(0xc0, 2025)).toBeUndefined();
  });
  it("knows response flags 0x05–0x07 only in 2025", () => {
    expect(responseFlagName(0xfe, 2016)).toBe("命令");
    expect(responseFlagName(0x03, 2016)).toBe("VIN重复");
    expect(responseFlagName(0x07, 2016)).toBeUndefined();
    expect(responseFlagName(0x07, 2025)).toBe("解密失败");
  });
  it("knows SM2 and SM4 only in 2025", () => {
    expect(encryptionName(0x01, 2016)).toBe("不加密");
    expect(encryptionName(0x04, 2016)).toBeUndefined();
    expect(encryptionName(0x05, 2025)).toBe("SM4");
  });
});
