import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../hex";
import {
  decodeRemoteControl,
  encodeRemoteControl,
  isRemoteControlUnit,
  REMOTE_ACTIONS,
  remoteActionGroup,
  remoteControlProblem,
} from "./remoteControl";

const AT = Date.UTC(2026, 10, 24, 8, 0, 0);
const TIME = "1A0B18100000";
const bytes = (h: string) => (hexToBytes(h) as { value: Uint8Array }).value;
const errorOf = (r: { ok: boolean; error?: { message: string } }) => (r.ok ? "ok" : r.error?.message);

describe("remote control 0x82 · 0x80 (designed)", () => {
  it("writes time · 0x80 · action · value for every action and reads it back", () => {
    const cases = [
      [{ action: "lock" }, "800100"],
      [{ action: "unlock" }, "800200"],
      [{ action: "findCar" }, "800300"],
      [{ action: "climateOn", value: 24 }, "800418"],
      [{ action: "climateOff" }, "800500"],
      [{ action: "windowsOpen" }, "800600"],
      [{ action: "windowsClose" }, "800700"],
      [{ action: "engineStart", value: 10 }, "80080A"],
      [{ action: "engineStop" }, "800900"],
    ] as const;
    expect(cases.length).toBe(Object.keys(REMOTE_ACTIONS).length);
    for (const [control, tail] of cases) {
      const r = encodeRemoteControl({ collectedAt: AT, control });
      expect(r.ok && bytesToHex(r.value)).toBe(`${TIME}${tail}`);
      expect(isRemoteControlUnit(bytes(`${TIME}${tail}`))).toBe(true);
      expect(decodeRemoteControl(bytes(`${TIME}${tail}`))).toEqual({ ok: true, value: { collectedAt: AT, control } });
    }
    expect(encodeRemoteControl({ collectedAt: AT, control: { action: "lock", value: 0 } }).ok).toBe(true);
  });
  it("names each action's permission group", () => {
    expect(remoteActionGroup("unlock")).toBe("lock");
    expect(remoteActionGroup("climateOff")).toBe("climate");
    expect(remoteActionGroup("engineStart")).toBe("engine");
    expect(remoteActionGroup("fly")).toBeUndefined();
  });
  it("refuses unknown actions, values out of range or where none belongs, bad times and malformed units", () => {
    expect(remoteControlProblem({ action: "fly" } as never)).toBe("不支持的远程控制“fly”");
    expect(remoteControlProblem({ action: "lock", value: 3 })).toBe("车门上锁不带参数");
    expect(remoteControlProblem({ action: "climateOn" })).toBe("空调开启的参数应为16–32℃的整数");
    expect(remoteControlProblem({ action: "climateOn", value: 40 })).toBe("空调开启的参数应为16–32℃的整数");
    expect(remoteControlProblem({ action: "engineStart", value: 1.5 })).toBe("远程启动的参数应为1–30分钟的整数");
    expect(errorOf(encodeRemoteControl({ collectedAt: AT, control: { action: "engineStart", value: 0 } }))).toBe(
      "远程启动的参数应为1–30分钟的整数",
    );
    expect(encodeRemoteControl({ collectedAt: 0, control: { action: "lock" } }).ok).toBe(false);
    expect(isRemoteControlUnit(bytes(`${TIME}03`))).toBe(false);
    expect(isRemoteControlUnit(bytes(TIME))).toBe(false);
    expect(errorOf(decodeRemoteControl(bytes(`${TIME}8001`)))).toBe("远程控制数据单元应为9字节");
    expect(decodeRemoteControl(bytes("1A0D18100000800100")).ok).toBe(false);
    expect(errorOf(decodeRemoteControl(bytes(`${TIME}030100`)))).toBe("控制命令0x03不是远程控制");
    expect(errorOf(decodeRemoteControl(bytes(`${TIME}807700`)))).toBe("远程控制动作0x77暂不支持");
    expect(errorOf(decodeRemoteControl(bytes(`${TIME}800105`)))).toBe("车门上锁不带参数");
    expect(errorOf(decodeRemoteControl(bytes(`${TIME}800401`)))).toBe("空调开启的参数应为16–32℃的整数");
  });
});
