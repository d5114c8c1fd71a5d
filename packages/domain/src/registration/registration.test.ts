import { describe, expect, it } from "vitest";
import {
  REGISTRATION_MESSAGE_LABELS,
  REGISTRATION_MESSAGES,
  REGISTRATION_STAGE_LABELS,
  REGISTRATION_STAGES,
  registrationResultText,
  registrationStage,
} from "./registration";

describe("registrationResultText", () => {
  it("names 0x8100 results as JT/T 808's table", () => {
    expect([0, 1, 2, 3, 4].map((r) => registrationResultText("register", r))).toEqual([
      "成功",
      "车辆已被注册",
      "数据库中无该车辆",
      "终端已被注册",
      "数据库中无该终端",
    ]);
  });
  it("names an authentication's 0x8001 result", () => {
    expect(registrationResultText("authenticate", 0)).toBe("成功");
    expect(registrationResultText("authenticate", 1)).toBe("失败");
  });
  it("names a GB/T 32960 login's answer", () => {
    expect(registrationResultText("login", 0)).toBe("成功");
    expect(registrationResultText("login", 3)).toBe("VIN重复");
    expect(registrationResultText("logout", 0)).toBe("成功");
    expect(registrationResultText("wakeLogin", 0)).toBe("成功");
  });
  it("says the code it does not know", () => {
    expect(registrationResultText("register", 9)).toBe("结果9");
  });
});

describe("registrationStage", () => {
  const base = { registered: true, lastResult: 0, authenticated: true, online: false };
  it("online wins", () => {
    expect(registrationStage({ ...base, online: true, lastResult: 1 })).toBe("online");
  });
  it("a refused last message is refused", () => {
    expect(registrationStage({ ...base, lastResult: 4, registered: false })).toBe("refused");
  });
  it("no code yet is unregistered", () => {
    expect(registrationStage({ registered: false, lastResult: null, authenticated: false, online: false })).toBe(
      "unregistered",
    );
  });
  it("registered but not authenticated since", () => {
    expect(registrationStage({ ...base, authenticated: false })).toBe("registered");
  });
  it("authenticated, link closed", () => {
    expect(registrationStage(base)).toBe("authenticated");
  });
  it("every stage and message has a label", () => {
    expect(REGISTRATION_STAGES.every((s) => REGISTRATION_STAGE_LABELS[s].length > 0)).toBe(true);
    expect(REGISTRATION_MESSAGES.every((m) => REGISTRATION_MESSAGE_LABELS[m].length > 0)).toBe(true);
  });
});
