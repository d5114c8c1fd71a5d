import { describe, expect, it } from "vitest";
import { luhnCheckDigit } from "../simCard/simIdentifiers";
import {
  checkTboxEdit,
  MSG_TBOX_808_NEEDS_AUTH,
  MSG_TBOX_808_NEEDS_ID,
  MSG_TBOX_ACTIVATED_UNBOUND,
  MSG_TBOX_DATE_FUTURE,
  MSG_TBOX_IMEI_CHECK,
  MSG_TBOX_LOGIN_NEEDS_ICCID,
  MSG_TBOX_ONLY_808_ID,
  MSG_TBOX_UNREGISTERED_AUTH,
  msgTboxDeregisteredBound,
  type TboxContext,
  type TboxEdit,
  tboxEditOf,
  tboxImeiProblem,
  tboxProblemText,
} from "./tboxEdit";
import { parseTboxProtocol, parseTboxState } from "./tboxValues";

const imei = `86000000000000${luhnCheckDigit("86000000000000")}`;
const ICCID = "89860324472012345675";
const base: TboxEdit = {
  sn: "HW-0001",
  model: "HW-TBOX-M5",
  provider: "HUAWEI",
  protocol: "GBT32960",
  hardwareVersion: "H1.0",
  firmwareVersion: "V2.31",
  imei,
  iccid: null,
  terminalId: null,
  authCode: null,
  state: "unregistered",
  productionDate: "2025-06-01",
  remark: null,
};
const free: TboxContext = { today: "2026-11-24", boundVin: null };
const bound = { today: "2026-11-24", boundVin: "LGXCE4CB2S0000123" } satisfies TboxContext;
const reasons = (input: unknown, ctx = free) => {
  const r = checkTboxEdit(input, ctx);
  return r.ok ? [] : r.error.map((p) => `${p.field}:${p.msg}`);
};

describe("a T-BOX terminal's rules", () => {
  it("takes a valid terminal of each protocol as it is", () => {
    expect(checkTboxEdit(base, free)).toEqual({ ok: true, value: base });
    const jt = { ...base, protocol: "JTT808", terminalId: "T808A01", state: "registered", authCode: "A1B2C3" };
    expect(reasons(jt)).toEqual([]);
    expect(reasons({ ...base, protocol: "HJ1239", state: "activated", iccid: ICCID }, bound)).toEqual([]);
  });

  it("checks the IMEI's Luhn digit and length", () => {
    expect(tboxImeiProblem(imei)).toBeNull();
    expect(tboxImeiProblem(`${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`)).toBe(MSG_TBOX_IMEI_CHECK);
    expect(tboxImeiProblem("12345")).toBe("IMEI应为15位数字");
  });

  it("asks of JT/T 808 a terminal id and, once registered, an auth code; of the others neither", () => {
    expect(reasons({ ...base, protocol: "JTT808" })).toEqual([`terminalId:${MSG_TBOX_808_NEEDS_ID}`]);
    expect(reasons({ ...base, protocol: "JTT808", terminalId: "T1", state: "registered" })).toEqual([
      `authCode:${MSG_TBOX_808_NEEDS_AUTH}`,
    ]);
    expect(reasons({ ...base, protocol: "JTT808", terminalId: "T1", authCode: "AB" })).toEqual([
      `authCode:${MSG_TBOX_UNREGISTERED_AUTH}`,
    ]);
    expect(reasons({ ...base, terminalId: "T1" })).toEqual([`terminalId:${MSG_TBOX_ONLY_808_ID}`]);
  });

  it("keeps GB/T 32960 versions in 5 bytes and a registered GB/T 32960 or HJ 1239 terminal with a card", () => {
    expect(reasons({ ...base, firmwareVersion: "V2.3.10" })).toEqual([
      "firmwareVersion:GB/T 32960终端的固件版本不能超过5个字符（参数0x07/0x08为5字节）",
    ]);
    expect(reasons({ ...base, protocol: "HJ1239", firmwareVersion: "V2.3.10" })).toEqual([]);
    expect(reasons({ ...base, state: "registered" })).toEqual([`iccid:${MSG_TBOX_LOGIN_NEEDS_ICCID}`]);
  });

  it("ties activation to a vehicle and deregistration to none; no production in the future", () => {
    expect(reasons({ ...base, state: "activated", iccid: ICCID })).toEqual([`state:${MSG_TBOX_ACTIVATED_UNBOUND}`]);
    expect(reasons({ ...base, state: "deregistered" }, bound)).toEqual([
      `state:${msgTboxDeregisteredBound(bound.boundVin)}`,
    ]);
    expect(reasons({ ...base, productionDate: "2026-11-25" })).toEqual([`productionDate:${MSG_TBOX_DATE_FUTURE}`]);
    expect(reasons({ ...base, productionDate: "2026-02-30" })).toEqual(["productionDate:日期格式应为yyyy-MM-dd"]);
  });

  it("answers every reason without throwing on anything", () => {
    expect(reasons(null)).toEqual(["sn:终端数据格式不正确"]);
    const { model: _m, ...noModel } = base;
    expect(reasons(noModel)).toEqual(["model:缺少字段：终端型号"]);
    const many = checkTboxEdit({ ...base, sn: "有中文", imei: "1", protocol: "MQTT" }, free);
    expect(many.ok ? "" : tboxProblemText(many.error).split("；")).toHaveLength(3);
    expect(tboxEditOf({ ...base, extra: 1 } as TboxEdit)).toEqual(base);
  });

  it("reads protocols and states by code or name, as import cells hold them", () => {
    expect(parseTboxProtocol("GB/T32960")).toBe("GBT32960");
    expect(parseTboxProtocol("JT/T 808")).toBe("JTT808");
    expect(parseTboxProtocol("MQTT")).toBeNull();
    expect(parseTboxState("已激活")).toBe("activated");
    expect(parseTboxState("deregistered")).toBe("deregistered");
  });
});
