import { describe, expect, it } from "vitest";
import { bytesToHex } from "../../gbt32960/hex";
import { decodeJt808Frame, encodeJt808Frame } from "../frame";
import { h as hexToBytes } from "../testFrames";
import {
  decodeJt808TerminalControl,
  decodeJt808VehicleControl,
  decodeJt808VehicleControlAnswer,
  encodeJt808TerminalControl,
  encodeJt808VehicleControl,
  encodeJt808VehicleControlAnswer,
  JT808_TERMINAL_CONTROL_NAMES,
  JT808_TERMINAL_CONTROLS,
  type Jt808TerminalControl,
} from "./index";

const hex = (r: { ok: boolean; value?: Uint8Array }) => {
  if (!r.ok || r.value === undefined) throw new Error(`not ok: ${JSON.stringify(r)}`);
  return bytesToHex(r.value);
};
const ascii = (s: string) => bytesToHex(Uint8Array.from(s, (c) => c.charCodeAt(0)));
const errorOf = (r: { ok: boolean; error?: { message: string } }) => (r.ok ? "ok" : r.error?.message);

const UPGRADE: Jt808TerminalControl = {
  command: "upgrade",
  url: "http://ota.example.cn/fw.bin",
  apn: "CMNET",
  user: "",
  password: "",
  address: "10.0.0.8",
  tcpPort: 8806,
  maker: "TSP01",
  hardware: "HW1.0",
  firmware: "FW2.1",
  limitMinutes: 30,
};
const CONNECT: Jt808TerminalControl = {
  command: "connectServer",
  connection: 0,
  authCode: "code",
  apn: "TKName",
  user: "TK",
  password: "TK123",
  address: "www.baidu.com",
  tcpPort: 8806,
  udpPort: 3306,
  limitMinutes: 60,
};

describe("0x8105 终端控制", () => {
  it("commands 3–7 are the word alone (SmallChi/JT808 JT808_0x8105Test Test2: factory reset in a 2013 frame)", () => {
    const body = encodeJt808TerminalControl({ command: "factoryReset" });
    expect(hex(body)).toBe("05");
    const frame = encodeJt808Frame({
      header: { messageId: 0x8105, edition: 2013, phone: "012345678900", serial: 1, encryption: 0 },
      body: body.ok ? body.value : new Uint8Array(),
    });
    expect(hex(frame)).toBe("7E81050001012345678900000105087E");
    const words = JT808_TERMINAL_CONTROLS.slice(2).map((command) =>
      hex(encodeJt808TerminalControl({ command } as Jt808TerminalControl)),
    );
    expect(words).toEqual(["03", "04", "05", "06", "07"]);
    expect(JT808_TERMINAL_CONTROL_NAMES.reset).toBe("终端复位");
  });

  it("无线升级: word 1, then the 11 fields in the standard's order, ';'-separated, empty ones kept empty", () => {
    const text = "http://ota.example.cn/fw.bin;CMNET;;;10.0.0.8;8806;;TSP01;HW1.0;FW2.1;30";
    expect(hex(encodeJt808TerminalControl(UPGRADE))).toBe(`01${ascii(text)}`);
    const back = decodeJt808TerminalControl(hexToBytes(`01${ascii(text)}`));
    expect(back).toEqual({ ok: true, value: UPGRADE });
  });

  it("连接指定服务器: 连接控制 0 with 8 fields; 1 (back to the original platform) alone", () => {
    const text = "0;code;TKName;TK;TK123;www.baidu.com;8806;3306;60";
    expect(hex(encodeJt808TerminalControl(CONNECT))).toBe(`02${ascii(text)}`);
    expect(decodeJt808TerminalControl(hexToBytes(`02${ascii(text)}`))).toEqual({ ok: true, value: CONNECT });
    expect(hex(encodeJt808TerminalControl({ command: "connectServer", connection: 1 }))).toBe(`02${ascii("1")}`);
    expect(decodeJt808TerminalControl(hexToBytes(`02${ascii("1")}`))).toEqual({
      ok: true,
      value: { command: "connectServer", connection: 1 },
    });
    for (const command of JT808_TERMINAL_CONTROLS.slice(2)) {
      const body = encodeJt808TerminalControl({ command } as Jt808TerminalControl);
      expect(decodeJt808TerminalControl(body.ok ? body.value : new Uint8Array())).toEqual({
        ok: true,
        value: { command },
      });
    }
  });

  it("refuses what the standard cannot carry, in Chinese", () => {
    expect(errorOf(encodeJt808TerminalControl({ ...UPGRADE, url: "a;b" } as Jt808TerminalControl))).toBe(
      "“URL地址”应为ASCII可见字符，且不含分号",
    );
    expect(errorOf(encodeJt808TerminalControl({ ...UPGRADE, tcpPort: 70_000 } as Jt808TerminalControl))).toBe(
      "“TCP端口”应为0–65535的整数",
    );
    expect(errorOf(encodeJt808TerminalControl({ ...UPGRADE, maker: "ABCDEFGHIJKL" } as Jt808TerminalControl))).toBe(
      "“制造商ID”应不超过11个字符",
    );
    expect(errorOf(encodeJt808TerminalControl({ command: "selfDestruct" } as unknown as Jt808TerminalControl))).toBe(
      "未知的终端控制命令“selfDestruct”",
    );
  });

  it("a terminal reading a bad 0x8105 gets a clear error", () => {
    expect(errorOf(decodeJt808TerminalControl(new Uint8Array()))).toMatch(/命令字/);
    expect(errorOf(decodeJt808TerminalControl(hexToBytes("08")))).toBe("未知的终端控制命令字8");
    expect(errorOf(decodeJt808TerminalControl(hexToBytes("0400")))).toBe("该终端控制命令不带参数");
    expect(errorOf(decodeJt808TerminalControl(hexToBytes("01FF")))).toBe("终端控制参数含非ASCII可见字符");
    expect(errorOf(decodeJt808TerminalControl(hexToBytes(`01${ascii("a;b")}`)))).toBe(
      "无线升级应有11个参数，实际为2个",
    );
    expect(errorOf(decodeJt808TerminalControl(hexToBytes(`01${ascii("u;a;;;h;x;;m;h;f;")}`)))).toBe(
      "终端控制参数“x”应为0–65535的整数",
    );
    expect(errorOf(decodeJt808TerminalControl(hexToBytes(`02${ascii("2")}`)))).toBe(
      "连接指定服务器应为“1”或“0”加8个参数",
    );
    expect(errorOf(decodeJt808TerminalControl(hexToBytes(`02${ascii("0;c;a;u;p;h;1;2;99999")}`)))).toBe(
      "终端控制参数“99999”应为0–65535的整数",
    );
  });
});

const LOCATION_BODY = "00000000000C000301CF5B3206C8B1A8002A01F4005A251125120000";

describe("0x8500 车辆控制 and its answer 0x0500", () => {
  it("2019: count WORD + {type WORD, param}; door 0x0001 0 锁闭 / 1 开启 (SmallChi/JT808 JT808_0x8500Test Test_2019_1)", () => {
    const body = encodeJt808VehicleControl(
      {
        controls: [
          { type: "door", action: "lock" },
          { type: "oem", id: 0xf001, value: 1 },
        ],
      },
      2019,
    );
    expect(hex(body)).toBe("0002000100F00101");
    expect(decodeJt808VehicleControl(hexToBytes("0002000100F00101"), 2019)).toEqual({
      ok: true,
      value: {
        controls: [
          { type: "door", action: "lock" },
          { type: "oem", id: 0xf001, value: 1 },
        ],
      },
    });
    expect(hex(encodeJt808VehicleControl({ controls: [{ type: "door", action: "unlock" }] }, 2019))).toBe("0001000101");
    expect(decodeJt808VehicleControl(hexToBytes("0001000101"), 2019)).toEqual({
      ok: true,
      value: { controls: [{ type: "door", action: "unlock" }] },
    });
  });

  it("2013: one 控制标志 byte, bit 0 = 1 加锁, 0 解锁; nothing else fits it", () => {
    expect(hex(encodeJt808VehicleControl({ controls: [{ type: "door", action: "lock" }] }, 2013))).toBe("01");
    expect(hex(encodeJt808VehicleControl({ controls: [{ type: "door", action: "unlock" }] }, 2013))).toBe("00");
    expect(decodeJt808VehicleControl(hexToBytes("01"), 2013)).toEqual({
      ok: true,
      value: { controls: [{ type: "door", action: "lock" }] },
    });
    expect(decodeJt808VehicleControl(hexToBytes("00"), 2013)).toEqual({
      ok: true,
      value: { controls: [{ type: "door", action: "unlock" }] },
    });
    expect(errorOf(encodeJt808VehicleControl({ controls: [{ type: "oem", id: 0xf001, value: 1 }] }, 2013))).toBe(
      "JT/T 808-2013的车辆控制只有车门加锁/解锁一项",
    );
    expect(errorOf(decodeJt808VehicleControl(hexToBytes("0100"), 2013))).toBe("2013版车辆控制应为1字节");
    expect(errorOf(decodeJt808VehicleControl(new Uint8Array(), 2013))).toMatch(/控制标志/);
  });

  it("refuses empty, reserved and out-of-range controls", () => {
    expect(errorOf(encodeJt808VehicleControl({ controls: [] }, 2019))).toBe("车辆控制至少包含一项控制");
    expect(errorOf(encodeJt808VehicleControl({ controls: [{ type: "oem", id: 0x0002, value: 1 }] }, 2019))).toBe(
      "自定义控制类型ID应为0xF001–0xFFFF",
    );
    expect(errorOf(encodeJt808VehicleControl({ controls: [{ type: "oem", id: 0xf002, value: 256 }] }, 2019))).toBe(
      "自定义控制参数应为0–255",
    );
    const many = Array.from({ length: 0x10000 }, () => ({ type: "door" as const, action: "lock" as const }));
    expect(errorOf(encodeJt808VehicleControl({ controls: many }, 2019))).toBe("控制类型数量应不超过65535");
    expect(errorOf(decodeJt808VehicleControl(hexToBytes("00"), 2019))).toMatch(/控制类型数量/);
    expect(errorOf(decodeJt808VehicleControl(hexToBytes("00010001"), 2019))).toMatch(/控制参数/);
    expect(errorOf(decodeJt808VehicleControl(hexToBytes("000100"), 2019))).toMatch(/控制类型ID/);
    expect(errorOf(decodeJt808VehicleControl(hexToBytes("0001000102"), 2019))).toBe("车门控制参数应为0或1，实际为2");
    expect(errorOf(decodeJt808VehicleControl(hexToBytes("0001000201"), 2019))).toBe("控制类型ID 0x0002为标准保留");
    expect(errorOf(decodeJt808VehicleControl(hexToBytes("000100010000"), 2019))).toBe(
      "车辆控制消息体长度与控制类型数量不符",
    );
  });

  it("0x0500: the 0x8500's serial, then a 0x0200 location body — round trip, and in a 2019 frame", () => {
    const body = hexToBytes(`0007${LOCATION_BODY}`);
    const answer = decodeJt808VehicleControlAnswer(body);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.value.serial).toBe(7);
    expect(answer.value.location.status).toBe(0x000c0003);
    expect(hex(encodeJt808VehicleControlAnswer(answer.value))).toBe(`0007${LOCATION_BODY}`);
    const frame = encodeJt808Frame({
      header: { messageId: 0x0500, edition: 2019, phone: "13800138000", serial: 9, encryption: 0 },
      body,
    });
    const read = frame.ok ? decodeJt808Frame(frame.value) : frame;
    expect(read.ok && bytesToHex(read.value.body)).toBe(`0007${LOCATION_BODY}`);
    expect(errorOf(decodeJt808VehicleControlAnswer(hexToBytes("00")))).toMatch(/应答流水号/);
    expect(errorOf(decodeJt808VehicleControlAnswer(hexToBytes("0007")))).not.toBe("ok");
    expect(errorOf(encodeJt808VehicleControlAnswer({ ...answer.value, serial: -1 }))).toBe("应答流水号应为0–65535");
    expect(
      errorOf(encodeJt808VehicleControlAnswer({ ...answer.value, location: { ...answer.value.location, speed: -1 } })),
    ).not.toBe("ok");
  });
});
