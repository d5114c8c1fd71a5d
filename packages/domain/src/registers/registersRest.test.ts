import { describe, expect, it } from "vitest";
import { MSG_VIN_CHECK_DIGIT, withVinCheckDigit } from "../identifiers/vin";
import {
  BLACK_BOX_REGISTER,
  checkRegisterRow,
  ECU_REGISTER,
  emptyRegisterRow,
  isRegisterDate,
  MACHINERY_REGISTER,
  MES_VEHICLE_REGISTER,
  MSG_MACHINERY_CN4_DISCLOSURE,
  MSG_MES_OFFLINE_BEFORE_BUILD,
  MSG_TERMINAL_FILED_NO,
  MSG_TERMINAL_FILING_INCOMPLETE,
  MSG_TERMINAL_ICCID,
  MSG_TERMINAL_INSTALL_WITHOUT_MACHINERY,
  MSG_TERMINAL_MSISDN,
  msgEcuDeleteBound,
  msgRegisterDate,
  msgRegisterVin,
  REGISTERS,
  type RegisterDef,
  registerFieldHint,
} from "./index";

const pin = withVinCheckDigit("LSYSY2150NA230001") as string;

const machine = {
  vin: pin.toLowerCase(),
  mein: "LSY000000001",
  machineryType: "excavator",
  brand: "三一",
  series: "",
  cpxh: "SY215C",
  cpbh: "SY215C0230001",
  jjxh: null,
  manufacturer: "三一重机有限公司",
  emissionStage: "cn4",
  disclosureNo: "CN ND G4 31 0001 000001",
  engineModel: "4HK1",
  engineNo: "4HK1123456",
  ownerName: null,
  remark: null,
};
const unit = {
  unitSn: "DSVIVI00000001",
  ecuType: "ivi",
  ecuModel: "DSV-IVI-8155",
  supplier: "德赛西威",
  hardwareVersion: "H2.1",
  softwareVersion: "V3.4.12",
  partNo: null,
  boundVin: null,
  remark: null,
};
const terminal = {
  terminalId: "HJT000000101",
  manufacturer: "北京中交兴路信息科技有限公司",
  terminalModel: "ZJXL-HJ1322-A",
  chipId: "SC5A3F0C21000101",
  iccid: "89860412345678000101",
  msisdn: "1440123456789",
  machineryPin: pin,
  installDate: "2025-03-01",
  filingState: "filed",
  filingNo: "HB2025030100101",
  remark: null,
};
const vin = withVinCheckDigit("LFWP66K20S1000012") as string;
const mes = {
  vin,
  vehicleModel: "CA4250P66K24T1E6",
  configCode: "J6P-460-6X4-STD",
  plant: "长春总装一厂",
  productionOrder: "PO202503010001",
  buildDate: "2025-03-01",
  offlineDate: "2025-03-01",
  engineNo: null,
  tboxSn: null,
  remark: null,
};

/** The problems of a refused row, as [field, message]. */
function problems(def: RegisterDef, row: unknown): [string, string][] {
  const r = checkRegisterRow(def, row);
  return r.ok ? [] : r.error.map((p) => [p.field, p.msg]);
}

describe("VIN and date fields", () => {
  it("upper-cases a VIN and refuses one of the wrong length or letters", () => {
    expect(checkRegisterRow(MACHINERY_REGISTER, machine)).toMatchObject({ ok: true, value: { vin: pin } });
    for (const bad of ["LSYSY2150NA23000", "LSYSY2150NA2300011", "LSYSY2150NA23000I"])
      expect(problems(MACHINERY_REGISTER, { ...machine, vin: bad }), bad).toEqual([
        ["vin", msgRegisterVin("机械PIN码")],
      ]);
    expect(problems(MACHINERY_REGISTER, { ...machine, vin: " " })).toEqual([["vin", "请输入机械PIN码"]]);
  });

  it("takes calendar dates written yyyy-MM-dd only", () => {
    for (const ok of ["2024-02-29", "2025-12-31", "1900-01-01"]) expect(isRegisterDate(ok), ok).toBe(true);
    for (const bad of ["2025-02-29", "2025-13-01", "2025-1-01", "1899-12-31", "2025/03/01", "2025-04-31"])
      expect(isRegisterDate(bad), bad).toBe(false);
    expect(problems(MES_VEHICLE_REGISTER, { ...mes, buildDate: "2025-02-30" })).toEqual([
      ["buildDate", msgRegisterDate("上线日期")],
    ]);
    expect(problems(MES_VEHICLE_REGISTER, { ...mes, buildDate: "" })).toEqual([["buildDate", "请输入上线日期"]]);
  });

  it("says how to fill a VIN and a date in the template", () => {
    expect(registerFieldHint(MES_VEHICLE_REGISTER.fields[0] as never)).toBe(
      "17位数字或除I、O、Q以外的大写字母；第9位为ISO 3779校验位",
    );
    const installed = BLACK_BOX_REGISTER.fields.find((f) => f.key === "installDate");
    expect(registerFieldHint(installed as never)).toBe("日期，格式yyyy-MM-dd，如2025-03-15；请按文本填写；可不填");
    expect(emptyRegisterRow(BLACK_BOX_REGISTER)).toMatchObject({
      installDate: "",
      machineryPin: "",
      filingState: null,
    });
  });
});

describe("机械信息", () => {
  it("asks a 国四 machine for its disclosure number, not a 国三 one", () => {
    expect(problems(MACHINERY_REGISTER, { ...machine, disclosureNo: "" })).toEqual([
      ["disclosureNo", MSG_MACHINERY_CN4_DISCLOSURE],
    ]);
    expect(checkRegisterRow(MACHINERY_REGISTER, { ...machine, emissionStage: "cn3", disclosureNo: null }).ok).toBe(
      true,
    );
    expect(problems(MACHINERY_REGISTER, { ...machine, machineryType: "挖掘机" })[0]?.[0]).toBe("machineryType");
  });
});

describe("车机数据", () => {
  it("takes a unit in stock or fitted to a VIN, and names the vehicle in the delete refusal", () => {
    expect(checkRegisterRow(ECU_REGISTER, unit).ok).toBe(true);
    expect(checkRegisterRow(ECU_REGISTER, { ...unit, boundVin: vin.toLowerCase() })).toMatchObject({
      ok: true,
      value: { boundVin: vin },
    });
    expect(problems(ECU_REGISTER, { ...unit, boundVin: "LFW123" })).toEqual([["boundVin", msgRegisterVin("绑定VIN")]]);
    expect(msgEcuDeleteBound(vin)).toBe(`该车机已绑定车辆${vin}，请先清空绑定VIN后再删除`);
  });
});

describe("监管终端管理", () => {
  it("takes a filed terminal with its machine, install date and filing number", () => {
    expect(checkRegisterRow(BLACK_BOX_REGISTER, terminal).ok).toBe(true);
    expect(
      checkRegisterRow(BLACK_BOX_REGISTER, {
        ...terminal,
        machineryPin: null,
        installDate: null,
        filingState: "unfiled",
        filingNo: null,
        msisdn: null,
      }).ok,
    ).toBe(true);
  });

  it("checks the SIM's numbers", () => {
    for (const iccid of ["8986041234567800010", "8986041234567800010A"])
      expect(checkRegisterRow(BLACK_BOX_REGISTER, { ...terminal, iccid }).ok, iccid).toBe(true);
    for (const iccid of ["1986041234567800010", "898604123456780001", "89860412345678000a01"])
      expect(problems(BLACK_BOX_REGISTER, { ...terminal, iccid }), iccid).toEqual([["iccid", MSG_TERMINAL_ICCID]]);
    expect(problems(BLACK_BOX_REGISTER, { ...terminal, msisdn: "1440-123" })).toEqual([
      ["msisdn", MSG_TERMINAL_MSISDN],
    ]);
  });

  it("binds before an install date, and files only a fitted terminal with its number", () => {
    expect(problems(BLACK_BOX_REGISTER, { ...terminal, machineryPin: null, filingState: "unfiled" })).toEqual([
      ["machineryPin", MSG_TERMINAL_INSTALL_WITHOUT_MACHINERY],
    ]);
    expect(problems(BLACK_BOX_REGISTER, { ...terminal, installDate: null, filingState: "filing" })).toEqual([
      ["filingState", MSG_TERMINAL_FILING_INCOMPLETE],
    ]);
    expect(problems(BLACK_BOX_REGISTER, { ...terminal, machineryPin: null, installDate: null })).toEqual([
      ["filingState", MSG_TERMINAL_FILING_INCOMPLETE],
    ]);
    expect(problems(BLACK_BOX_REGISTER, { ...terminal, filingNo: "" })).toEqual([["filingNo", MSG_TERMINAL_FILED_NO]]);
    expect(checkRegisterRow(BLACK_BOX_REGISTER, { ...terminal, filingState: "returned", filingNo: null }).ok).toBe(
      true,
    );
  });
});

describe("MES车辆管理", () => {
  it("asks for the VIN's check digit and an off-line date not before the build date", () => {
    expect(checkRegisterRow(MES_VEHICLE_REGISTER, mes).ok).toBe(true);
    expect(checkRegisterRow(MES_VEHICLE_REGISTER, { ...mes, offlineDate: null }).ok).toBe(true);
    const wrong = `${vin.slice(0, 8)}${vin[8] === "1" ? "2" : "1"}${vin.slice(9)}`;
    expect(problems(MES_VEHICLE_REGISTER, { ...mes, vin: wrong })).toEqual([["vin", MSG_VIN_CHECK_DIGIT]]);
    expect(problems(MES_VEHICLE_REGISTER, { ...mes, offlineDate: "2025-02-28" })).toEqual([
      ["offlineDate", MSG_MES_OFFLINE_BEFORE_BUILD],
    ]);
  });
});

describe("the rest of the registers' declarations", () => {
  it("are registered by their route names; searched and naming fields are declared fields", () => {
    for (const def of [MACHINERY_REGISTER, ECU_REGISTER, BLACK_BOX_REGISTER, MES_VEHICLE_REGISTER]) {
      expect(REGISTERS[def.name as keyof typeof REGISTERS]).toBe(def);
      for (const k of [...def.searchable, def.nameField])
        expect(
          def.fields.some((f) => f.key === k),
          k,
        ).toBe(true);
    }
  });
});
