import { describe, expect, it } from "vitest";
import {
  checkTboxEdit,
  MSG_TBOX_ONLY_808_ID,
  msgTboxAlreadyBound,
  msgTboxCardUnusable,
  msgTboxDeleteBound,
  msgTboxIccidOtherVehicle,
  msgTboxIccidTaken,
  msgTboxVehicleHasTbox,
  TBOX_PROTOCOL_NAMES,
  type TboxEdit,
} from "./tboxEdit";

const base: TboxEdit = {
  sn: "HW-0001",
  model: "HW-TBOX-M5",
  provider: "HUAWEI",
  protocol: "GBT32960",
  hardwareVersion: null,
  firmwareVersion: null,
  imei: null,
  iccid: null,
  terminalId: null,
  authCode: null,
  state: "unregistered",
  productionDate: null,
  remark: null,
};
const free = { today: "2026-11-24", boundVin: null };
const reasons = (input: unknown) => {
  const r = checkTboxEdit(input, free);
  return r.ok ? [] : r.error.map((p) => `${p.field}:${p.msg}`);
};

describe("a T-BOX terminal's edit rules, the rest", () => {
  it("reports an auth code on a terminal of another protocol than JT/T 808 on the auth code", () => {
    expect(reasons({ ...base, protocol: "HJ1239", authCode: "AB12", state: "registered", iccid: null })).toEqual([
      `authCode:${MSG_TBOX_ONLY_808_ID}`,
      "iccid:已注册或已激活的GB/T 32960、HJ 1239终端须填写ICCID（车辆登入报文携带ICCID）",
    ]);
  });

  it("keeps the GB/T 32960 hardware version in 5 bytes too", () => {
    expect(reasons({ ...base, hardwareVersion: "H1.0.12" })).toEqual([
      "hardwareVersion:GB/T 32960终端的硬件版本不能超过5个字符（参数0x07/0x08为5字节）",
    ]);
    expect(reasons({ ...base, hardwareVersion: "H1.05" })).toEqual([]);
  });

  it("rejects a production date not written yyyy-MM-dd", () => {
    expect(reasons({ ...base, productionDate: "2025/06/01" })).toEqual(["productionDate:日期格式应为yyyy-MM-dd"]);
  });

  it("words the messages of cards, vehicles and binding with the serial and the VIN", () => {
    const vin = "LGXCE4CB2S0000123";
    expect(msgTboxIccidTaken("HW-0002")).toBe("该SIM卡已装在终端HW-0002中，一张卡只能装在一个终端");
    expect(msgTboxIccidOtherVehicle(vin)).toBe(`该SIM卡已绑定车辆${vin}`);
    expect(msgTboxCardUnusable("已停机")).toBe("该SIM卡状态为已停机，不能装在使用中的终端");
    expect(msgTboxDeleteBound(vin)).toBe(`该终端已绑定车辆${vin}，请先解绑后再删除`);
    expect(msgTboxVehicleHasTbox(vin, "HW-0002")).toBe(`车辆${vin}已绑定终端HW-0002，一辆车只能绑定一个终端，请先解绑`);
    expect(msgTboxAlreadyBound(vin)).toBe(`该终端已绑定车辆${vin}，请先解绑`);
  });

  it("lists the protocol names for the sheet's hints", () => {
    expect(TBOX_PROTOCOL_NAMES).toHaveLength(3);
    expect(TBOX_PROTOCOL_NAMES.join("|")).toMatch(/32960.*808.*1239/);
  });
});
