import { describe, expect, it } from "vitest";
import { checkRecord } from "../list/recordCheck";
import {
  checkNerEdit,
  creditCodeCheckChar,
  isCreditCodeCheckValid,
  isNerDate,
  MSG_NER_CREDIT_CHECK,
  MSG_NER_CREDIT_NAME_REQUIRED,
  MSG_NER_MOTOR_CODES,
  MSG_NER_PACK_CODES,
  MSG_NER_PEAK_POWER,
  msgNerStale,
  NER_FIELD_LABELS,
  NER_GROUPS,
  nerEditOf,
  nerEditSchema,
  nerFieldLabel,
  nerNewIccidProblem,
} from "./index";

const VIN = "LGXCE4CB2S0000123";
const GOOD = {
  vehicleInfo: {
    vin: VIN,
    plateNo: "粤BD12345",
    plateColor: "渐变绿色",
    vehicleUse: "网约车",
    carBuying: "单位购买",
    buyDate: "2024-02-29",
    creditName: "深圳示例出行服务有限公司",
    creditCode: "91440300192317458F",
    bodyColor: "白色",
    registerDate: null,
    remark: null,
  },
  batteryInfo: {
    vin: VIN,
    batteryModel: "CATL-LFP-350",
    batteryType: "磷酸铁锂",
    manufacturer: "宁德时代新能源科技股份有限公司",
    ratedVoltage: 537.6,
    ratedCapacity: 202,
    ratedEnergy: 108.6,
    packCount: 2,
    packCodes: ["P-001", "P-002"],
    productionDate: "2024-01-05",
  },
  driveInfo: {
    vin: VIN,
    driveModel: "TZ220XYL",
    motorPosition: "前置",
    motorCount: 1,
    manufacturer: "弗迪动力有限公司",
    ratedPower: 70,
    peakPower: 150,
    peakTorque: 310,
    maxSpeed: 16000,
    motorCodes: ["M-0001"],
  },
  terminalInfo: {
    vin: VIN,
    tboxModel: "HW-TBOX-M5",
    tboxSn: "TBOX-EXAMPLE-0001",
    manufacturer: "华为技术有限公司",
    iccid: "89860324472012345675",
    msisdn: "1440312345678",
    imei: "860000000000001",
    firmwareVersion: "V1.0.0",
    hardwareVersion: null,
    protocol: "GB/T 32960-2016",
  },
} as const;

const problemsOf = (group: (typeof NER_GROUPS)[number], input: unknown) => {
  const r = checkNerEdit(group, input);
  return r.ok ? [] : r.error;
};

/** The first problem of a group's example with some fields changed. */
const one = (group: (typeof NER_GROUPS)[number], over: Record<string, unknown>) =>
  problemsOf(group, { ...GOOD[group], ...over })[0];

describe("GB 32100 credit code check character", () => {
  it("accepts published codes and rejects a changed character", () => {
    for (const code of ["91440300192317458F", "91110000100010433L", "91310000132200821H"]) {
      expect(creditCodeCheckChar(code.slice(0, 17)), code).toBe(code.charAt(17));
      expect(isCreditCodeCheckValid(code)).toBe(true);
    }
    expect(isCreditCodeCheckValid("91440300192317459F")).toBe(false);
    expect(isCreditCodeCheckValid("91440300192317458")).toBe(false);
  });

  it("answers null outside the alphabet (I, O, S, V, Z) or for a wrong length", () => {
    expect(creditCodeCheckChar("9144030019231745I")).toBeNull();
    expect(creditCodeCheckChar("914403001923174")).toBeNull();
  });
});

describe("the groups' labels", () => {
  it("name every field of every group, the model, the VIN, and fall back to the field name", () => {
    expect(NER_GROUPS).toEqual(["vehicleInfo", "batteryInfo", "driveInfo", "terminalInfo"]);
    expect(nerFieldLabel("batteryInfo", "packCount")).toBe("可充电储能子系统数");
    expect(nerFieldLabel("vehicleInfo", "vehicleModelId")).toBe("公告型号");
    expect(nerFieldLabel("driveInfo", "vin")).toBe("VIN");
    expect(nerFieldLabel("driveInfo", "toString")).toBe("toString");
    expect(msgNerStale("batteryInfo")).toBe("该车辆的动力电池信息已被他人修改，请刷新后重新编辑");
  });
});

describe("calendar days (JSON Schema's date format)", () => {
  it("knows leap years and month lengths", () => {
    expect(isNerDate("2024-02-29")).toBe(true);
    expect(isNerDate("2000-02-29")).toBe(true);
    expect(isNerDate("1900-02-29")).toBe(false);
    expect(isNerDate("2025-02-29")).toBe(false);
    expect(isNerDate("2025-04-31")).toBe(false);
    expect(isNerDate("0001-01-01")).toBe(true);
    expect(isNerDate("2025-13-01")).toBe(false);
    expect(isNerDate("2025-00-10")).toBe(false);
    expect(isNerDate("2025-01-00")).toBe(false);
    expect(isNerDate("2025-1-01")).toBe(false);
  });
});

describe("the Edit schemas", () => {
  it("accept each group's example, with or without the version read", () => {
    for (const group of NER_GROUPS) {
      expect(checkNerEdit(group, GOOD[group]), group).toEqual({ ok: true, value: GOOD[group] });
      expect(checkNerEdit(group, { ...GOOD[group], updateTime: null }).ok).toBe(true);
      expect(checkNerEdit(group, { ...GOOD[group], updateTime: 1741912205000 }).ok).toBe(true);
      expect(nerEditSchema(group)).toBeDefined();
    }
  });

  it("name a missing field by its label, refuse unknown fields and non-objects", () => {
    const { plateNo: _gone, ...rest } = GOOD.vehicleInfo;
    expect(problemsOf("vehicleInfo", rest)).toEqual([{ field: "plateNo", msg: "缺少字段：车牌号" }]);
    expect(problemsOf("driveInfo", { ...GOOD.driveInfo, colour: "red" })).toEqual([
      { field: "colour", msg: "colour：不是可接受的字段" },
    ]);
    expect(problemsOf("terminalInfo", "x")).toEqual([{ field: "", msg: "数据格式不正确" }]);
  });

  it("check each field's type, length, pattern, bounds and allowed values", () => {
    expect(one("vehicleInfo", { vin: "LGXCE4CB2S000012I" })?.msg).toBe("VIN应为17位数字或除I、O、Q以外的大写字母");
    expect(one("vehicleInfo", { vin: "LGXCE4CB2S00001" })?.msg).toBe("长度不能少于17");
    expect(one("vehicleInfo", { plateNo: "粤B1234" })?.msg).toMatch(/^车牌号格式不正确/);
    expect(one("vehicleInfo", { plateColor: "" })?.msg).toBe("不能为空");
    expect(one("vehicleInfo", { vehicleUse: "用".repeat(51) })).toEqual({ field: "vehicleUse", msg: "长度不能超过50" });
    // JSON Schema counts code points: 50 emoji are 50 characters, not 100.
    expect(one("vehicleInfo", { vehicleUse: "🚗".repeat(50) })).toBeUndefined();
    expect(one("vehicleInfo", { carBuying: 3 })?.msg).toBe("应为字符串");
    expect(one("vehicleInfo", { buyDate: "2025-02-30" })?.msg).toBe("日期格式应为yyyy-MM-dd");
    expect(one("vehicleInfo", { registerDate: 20250101 })?.msg).toBe("日期格式应为yyyy-MM-dd");
    expect(one("vehicleInfo", { creditCode: "91440300192317458f" })?.msg).toMatch(/^统一社会信用代码应为18位/);
    expect(one("batteryInfo", { batteryType: "铅酸" })?.msg).toBe(
      "取值应为 磷酸铁锂、三元锂、锰酸锂、钛酸锂、钠离子、其他 之一",
    );
    expect(one("batteryInfo", { ratedVoltage: 0 })?.msg).toBe("应大于0");
    expect(one("batteryInfo", { ratedVoltage: 1500.5 })?.msg).toBe("不能大于1500");
    expect(one("batteryInfo", { ratedEnergy: "1" })?.msg).toBe("应为数字");
    expect(one("batteryInfo", { packCount: 1.5, packCodes: [] })?.msg).toBe("应为整数");
    expect(one("batteryInfo", { packCount: -1, packCodes: [] })?.msg).toBe("不能小于0");
    expect(one("batteryInfo", { packCodes: "P-001" })?.msg).toBe("应为数组");
    expect(one("batteryInfo", { packCodes: ["P-001", ""] })).toEqual({ field: "packCodes", msg: "不能为空" });
    expect(one("driveInfo", { motorCount: 9 })?.msg).toBe("不能大于8");
    expect(one("driveInfo", { motorCodes: Array.from({ length: 9 }, (_, i) => `M${i}`) })?.msg).toBe("最多8项");
    expect(one("terminalInfo", { tboxSn: "SN 1" })?.msg).toBe("终端序列号只能包含字母、数字和“-”");
    expect(one("terminalInfo", { iccid: "8986G" })?.msg).toBe("ICCID只能包含数字和字母A至F");
    expect(one("terminalInfo", { msisdn: "1440-312" })?.msg).toBe("MSISDN只能包含数字和“+”");
    expect(one("terminalInfo", { imei: "86000000000000" })?.msg).toBe("IMEI应为15位数字");
    expect(one("terminalInfo", { protocol: "JT/T 808" })?.msg).toBe("取值应为 GB/T 32960-2016、GB/T 32960-2025 之一");
    expect(one("terminalInfo", { updateTime: -1 })?.msg).toMatch(/^updateTime/);
    expect(one("terminalInfo", { updateTime: "1" })?.msg).toMatch(/^updateTime/);
  });
});

describe("the rules between fields", () => {
  it("vehicle info: the credit code's check character, and an operating unit with a code", () => {
    expect(problemsOf("vehicleInfo", { ...GOOD.vehicleInfo, creditCode: "91440300192317459F" })).toEqual([
      { field: "creditCode", msg: MSG_NER_CREDIT_CHECK },
    ]);
    for (const creditName of [null, ""]) {
      expect(problemsOf("vehicleInfo", { ...GOOD.vehicleInfo, creditName })).toEqual([
        { field: "creditName", msg: MSG_NER_CREDIT_NAME_REQUIRED },
      ]);
    }
    expect(checkNerEdit("vehicleInfo", { ...GOOD.vehicleInfo, creditName: null, creditCode: null }).ok).toBe(true);
  });

  it("battery: listed subsystem codes are as many as the subsystems (none listed is allowed)", () => {
    expect(problemsOf("batteryInfo", { ...GOOD.batteryInfo, packCount: 3 })).toEqual([
      { field: "packCodes", msg: MSG_NER_PACK_CODES },
    ]);
    expect(checkNerEdit("batteryInfo", { ...GOOD.batteryInfo, packCount: 3, packCodes: [] }).ok).toBe(true);
  });

  it("drive motor: peak power not below rated power, no more codes than motors", () => {
    expect(problemsOf("driveInfo", { ...GOOD.driveInfo, peakPower: 69.9 })).toEqual([
      { field: "peakPower", msg: MSG_NER_PEAK_POWER },
    ]);
    expect(checkNerEdit("driveInfo", { ...GOOD.driveInfo, peakPower: 70 }).ok).toBe(true);
    expect(problemsOf("driveInfo", { ...GOOD.driveInfo, motorCodes: ["A", "B"] })).toEqual([
      { field: "motorCodes", msg: MSG_NER_MOTOR_CODES },
    ]);
  });

  it("a rule waits for its fields: a bad pack count reports the count only", () => {
    expect(problemsOf("batteryInfo", { ...GOOD.batteryInfo, packCount: "2" })).toEqual([
      { field: "packCount", msg: "应为整数" },
    ]);
  });

  it("marks the rule's field in a form (checkRecord)", () => {
    const checked = checkRecord(nerEditSchema("driveInfo"), { ...GOOD.driveInfo, peakPower: 10 });
    expect(checked).toEqual({ ok: false, errors: { peakPower: MSG_NER_PEAK_POWER } });
  });

  it("a card new to the register is in China's 8986 range with a known issuer", () => {
    expect(nerNewIccidProblem("89860324472012345675")).toBeNull();
    expect(nerNewIccidProblem("89490012345678901234")).toBe("ICCID不属于中国运营商号段（8986）");
    expect(nerNewIccidProblem("89869912345678901234")).toBe("ICCID不属于中国运营商号段（8986）");
  });
});

describe("what an edit form starts from", () => {
  it("takes the group's fields and version of a record, or empty fields and null for a group never filled", () => {
    const record = { ...GOOD.driveInfo, updateBy: "admin", updateName: "管理员", updateTime: 1741912205000 };
    expect(nerEditOf("driveInfo", VIN, record)).toEqual({ ...GOOD.driveInfo, updateTime: 1741912205000 });
    const empty = nerEditOf("batteryInfo", VIN, null) as Record<string, unknown>;
    expect(Object.keys(empty)).toEqual(["vin", ...Object.keys(NER_FIELD_LABELS.batteryInfo), "updateTime"]);
    expect(empty).toMatchObject({ vin: VIN, batteryModel: null, updateTime: null });
  });
});
