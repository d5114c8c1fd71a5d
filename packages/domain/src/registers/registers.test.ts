import { describe, expect, it } from "vitest";
import { creditCodeCheckChar } from "../ner/creditCode";
import {
  checkRegisterRow,
  ECONOMIC_SPEED_REGISTER,
  FINANCE_ORG_REGISTER,
  GEARBOX_REGISTER,
  MSG_CREDIT_CODE_CHECK,
  MSG_CREDIT_CODE_FORMAT,
  MSG_ECONOMIC_BAND_REVERSED,
  MSG_GEARBOX_RATIOS_ORDER,
  MSG_PHONE,
  msgGearboxRatiosCount,
  msgOrgDeleteNamed,
  parseRegisterChoice,
  REGISTERS,
  registerFieldHint,
} from "./index";

const gearbox = {
  code: "12JSD200TA",
  modelName: "12JSD200TA",
  manufacturer: "法士特",
  gearboxType: "manual",
  gears: 3,
  maxInputTorque: 2000,
  speedRatios: "3.5/1.8/1.0",
  remark: "",
};
const fin = {
  code: "FIN-1",
  name: "一汽汽车金融有限公司",
  kind: "autoFinance",
  creditCode: `91220101MA0Y1234${"5"}`,
  contact: null,
  phone: "",
  status: "active",
  remark: null,
};
fin.creditCode += creditCodeCheckChar(fin.creditCode) ?? "";

describe("register rows", () => {
  it("takes a valid row, trims text and turns empty optional fields into null", () => {
    const r = checkRegisterRow(GEARBOX_REGISTER, { ...gearbox, modelName: "  12JSD200TA " });
    expect(r).toEqual({ ok: true, value: { ...gearbox, modelName: "12JSD200TA", remark: null } });
    expect(checkRegisterRow(FINANCE_ORG_REGISTER, fin)).toMatchObject({ ok: true, value: { phone: null } });
  });

  it("names every problem on its field, with the rules between fields", () => {
    const r = checkRegisterRow(GEARBOX_REGISTER, { ...gearbox, code: "a b", gears: 4, speedRatios: "1.0/1.8/3.5" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.map((p) => p.field)).toEqual(["code", "speedRatios", "speedRatios"]);
    const rules = checkRegisterRow(GEARBOX_REGISTER, { ...gearbox, gears: 4, speedRatios: "1.0/1.8/3.5" });
    expect(rules).toEqual({
      ok: false,
      error: [
        { field: "speedRatios", msg: msgGearboxRatiosCount(4, 3) },
        { field: "speedRatios", msg: MSG_GEARBOX_RATIOS_ORDER },
      ],
    });
    expect(checkRegisterRow(GEARBOX_REGISTER, { ...gearbox, gears: "x" })).toMatchObject({
      ok: false,
      error: [{ field: "gears", msg: "前进挡位数应为1至36之间的整数" }],
    });
    expect(checkRegisterRow(GEARBOX_REGISTER, { ...gearbox, modelName: " " })).toMatchObject({
      ok: false,
      error: [{ field: "modelName", msg: "请输入型号名称" }],
    });
    expect(checkRegisterRow(GEARBOX_REGISTER, null)).toMatchObject({ ok: false });
  });

  it("checks a unified social credit code's alphabet and GB 32100 check character, and phones", () => {
    const wrongCheck = fin.creditCode.slice(0, 17) + (fin.creditCode.endsWith("0") ? "1" : "0");
    expect(checkRegisterRow(FINANCE_ORG_REGISTER, { ...fin, creditCode: wrongCheck })).toEqual({
      ok: false,
      error: [{ field: "creditCode", msg: MSG_CREDIT_CODE_CHECK }],
    });
    expect(checkRegisterRow(FINANCE_ORG_REGISTER, { ...fin, creditCode: "91220101MA0Y1234I5" })).toEqual({
      ok: false,
      error: [{ field: "creditCode", msg: MSG_CREDIT_CODE_FORMAT }],
    });
    expect(checkRegisterRow(FINANCE_ORG_REGISTER, { ...fin, phone: "12345" })).toEqual({
      ok: false,
      error: [{ field: "phone", msg: MSG_PHONE }],
    });
    for (const phone of ["13800138000", "010-12345678", "075512345678"])
      expect(checkRegisterRow(FINANCE_ORG_REGISTER, { ...fin, phone }).ok, phone).toBe(true);
  });

  it("keeps an economic band inside 500–3000 rpm with its lower end below the upper", () => {
    const band = { engineModel: "WP13.550E62", manufacturer: "潍柴", minRpm: 1000, maxRpm: 1400, peakTorqueRpm: null };
    expect(checkRegisterRow(ECONOMIC_SPEED_REGISTER, band).ok).toBe(true);
    expect(checkRegisterRow(ECONOMIC_SPEED_REGISTER, { ...band, minRpm: 1400 })).toEqual({
      ok: false,
      error: [{ field: "maxRpm", msg: MSG_ECONOMIC_BAND_REVERSED }],
    });
    expect(checkRegisterRow(ECONOMIC_SPEED_REGISTER, { ...band, maxRpm: 3200 })).toMatchObject({
      ok: false,
      error: [{ field: "maxRpm", msg: "经济转速上限(rpm)应为500至3000之间的整数" }],
    });
  });

  it("reads a choice by code or Chinese label; every example row is valid once its labels are read", () => {
    for (const def of Object.values(REGISTERS)) {
      const row = Object.fromEntries(
        def.fields.map((f) => {
          const value = def.example[f.key];
          return [f.key, f.kind === "choice" ? parseRegisterChoice(f, String(value)) : value];
        }),
      );
      expect(checkRegisterRow(def, row), def.name).toMatchObject({ ok: true });
      for (const f of def.fields) expect(registerFieldHint(f).length, f.key).toBeGreaterThan(0);
    }
    const type = GEARBOX_REGISTER.fields.find((f) => f.key === "gearboxType");
    if (!type) throw new Error("no gearboxType");
    expect(parseRegisterChoice(type, "AMT")).toBe("amt");
    expect(parseRegisterChoice(type, "手动")).toBe("manual");
    expect(parseRegisterChoice(type, "双离合")).toBeNull();
  });
});

describe("organisations named elsewhere", () => {
  it("say how many records still name them", () => {
    expect(msgOrgDeleteNamed("租赁机构", 3, "租赁合同")).toBe("该租赁机构仍被3份租赁合同引用，不能删除");
  });
});
