import { describe, expect, it } from "vitest";
import { checkRegisterRow, msgRegisterNumber, type RegisterField, registerFieldHint } from "../registers/register";
import {
  FAULT_CODE_REGISTER,
  faultCodeIndex,
  faultCodeText,
  isFaultCodeOf,
  j1939DtcOfDword,
  MSG_FAULT_CODE_FORM,
  type NamedFaultCode,
  nameFaultCode,
  normaliseFaultCode,
} from "./faultCode";

const row = (code: string, protocol: string) => ({
  code,
  protocol,
  system: "engine",
  level: "2",
  nameZh: "空气流量计电路范围/性能",
  description: null,
  remedy: "检查进气管路和空气流量计插接件",
});

describe("the fault-code register", () => {
  it("takes each protocol's written form and refuses another's, naming the form", () => {
    for (const [code, protocol] of [
      ["ALM05", "gbAlarm"],
      ["ALM27", "gbAlarm"],
      ["0000A001", "gbFault"],
      ["P0101", "dtc"],
      ["U0100-87", "dtc"],
      ["SPN3226-FMI4", "j1939"],
      ["SPN524287-FMI31", "j1939"],
    ])
      expect(checkRegisterRow(FAULT_CODE_REGISTER, row(code as string, protocol as string)).ok, code).toBe(true);
    for (const [code, protocol] of [
      ["ALM28", "gbAlarm"],
      ["A001", "gbFault"],
      ["P4101", "dtc"],
      ["SPN524288-FMI1", "j1939"],
      ["SPN1-FMI32", "j1939"],
      ["P0101", "j1939"],
    ]) {
      const r = checkRegisterRow(FAULT_CODE_REGISTER, row(code as string, protocol as string));
      expect(r.ok ? [] : r.error, code).toEqual([
        { field: "code", msg: MSG_FAULT_CODE_FORM[protocol as keyof typeof MSG_FAULT_CODE_FORM] },
      ]);
    }
  });

  it("is a register whose example row passes its checks", () => {
    const example = Object.fromEntries(
      FAULT_CODE_REGISTER.fields.map((f) => {
        const v = FAULT_CODE_REGISTER.example[f.key];
        const code = f.choices ? Object.entries(f.choices).find(([, l]) => l === v)?.[0] : v;
        return [f.key, code];
      }),
    );
    expect(checkRegisterRow(FAULT_CODE_REGISTER, example).ok).toBe(true);
  });
});

describe("normaliseFaultCode", () => {
  it("writes reported and typed codes in the register's form", () => {
    expect(normaliseFaultCode("gbAlarm", 5)).toBe("ALM05");
    expect(normaliseFaultCode("gbAlarm", "18")).toBe("ALM18");
    expect(normaliseFaultCode("gbAlarm", "alm07")).toBe("ALM07");
    expect(normaliseFaultCode("gbAlarm", 30)).toBe(null);
    expect(normaliseFaultCode("gbFault", 0xa001)).toBe("0000A001");
    expect(normaliseFaultCode("gbFault", "0xa001")).toBe("0000A001");
    expect(normaliseFaultCode("gbFault", "1A2B3C4D")).toBe("1A2B3C4D");
    expect(normaliseFaultCode("gbFault", -1)).toBe(null);
    expect(normaliseFaultCode("gbFault", 1.5)).toBe(null);
    expect(normaliseFaultCode("gbFault", "0x1FFFFFFFF")).toBe(null);
    expect(normaliseFaultCode("dtc", " p0101 ")).toBe("P0101");
    expect(normaliseFaultCode("dtc", "u0100 87")).toBe("U0100-87");
    expect(normaliseFaultCode("dtc", 101)).toBe(null);
    expect(normaliseFaultCode("j1939", "SPN 3226 FMI 4")).toBe("SPN3226-FMI4");
    expect(normaliseFaultCode("j1939", "spn3226-fmi4")).toBe("SPN3226-FMI4");
    expect(normaliseFaultCode("j1939", "3226-4")).toBe("SPN3226-FMI4");
    expect(normaliseFaultCode("j1939", "3226/04")).toBe("SPN3226-FMI4");
    expect(normaliseFaultCode("j1939", [520, 3])).toBe("SPN520-FMI3");
    expect(normaliseFaultCode("j1939", "3226")).toBe(null);
    expect(normaliseFaultCode("j1939", 3226)).toBe(null);
    expect(normaliseFaultCode("dtc", [1, 2])).toBe(null);
  });

  it("reads a J1939 DM1 DTC from its 4 bytes", () => {
    // SPN 3226 (0x0C9A), FMI 4, occurrence count 1: bytes 9A 0C 04 01.
    expect(j1939DtcOfDword(0x01_04_0c_9a)).toEqual([3226, 4]);
    // SPN 524287 (all 19 bits), FMI 31.
    expect(j1939DtcOfDword(0x00_ff_ff_ff)).toEqual([524_287, 31]);
    expect(isFaultCodeOf("j1939", "SPN3226-FMI4")).toBe(true);
  });
});

describe("nameFaultCode", () => {
  const entries: NamedFaultCode[] = [
    { code: "P0101", protocol: "dtc", nameZh: "空气流量计电路范围/性能", system: "engine", level: "2", remedy: null },
    {
      code: "SPN3226-FMI4",
      protocol: "j1939",
      nameZh: "后处理出口NOx传感器电压低",
      system: "afterTreatment",
      level: "2",
      remedy: "检查传感器供电",
    },
    { code: "ALM11", protocol: "gbAlarm", nameZh: "绝缘报警", system: "battery", level: "3", remedy: "立即停车" },
  ];
  const index = faultCodeIndex(entries);

  it("names a reported code from the dictionary, whatever form it came in", () => {
    expect(nameFaultCode(index, "dtc", "p0101")?.nameZh).toBe("空气流量计电路范围/性能");
    expect(nameFaultCode(index, "j1939", j1939DtcOfDword(0x01_04_0c_9a))?.code).toBe("SPN3226-FMI4");
    expect(nameFaultCode(index, "gbAlarm", 11)?.level).toBe("3");
  });

  it("answers null for a malformed, unknown or other-protocol code", () => {
    expect(nameFaultCode(index, "dtc", "XYZ")).toBe(null);
    expect(nameFaultCode(index, "dtc", "P0102")).toBe(null);
    expect(
      nameFaultCode(faultCodeIndex([{ ...(entries[0] as NamedFaultCode), protocol: "gbFault" }]), "dtc", "P0101"),
    ).toBe(null);
  });

  it("writes a code as a journal shows it", () => {
    expect(faultCodeText(index, "gbAlarm", 11)).toBe("ALM11 绝缘报警");
    expect(faultCodeText(index, "dtc", "p0300")).toBe("P0300（未登记的故障码）");
    expect(faultCodeText(index, "dtc", "??")).toBe("??（未登记的故障码）");
  });
});

describe("decimal fields with more than two decimals (the register piece)", () => {
  const f: RegisterField = {
    key: "factor",
    label: "精度",
    kind: "decimal",
    required: true,
    min: -10,
    max: 10,
    decimals: 8,
  };
  it("says how many decimals in the message and the template hint", () => {
    expect(msgRegisterNumber(f)).toBe("精度应为-10至10之间的数（最多8位小数）");
    expect(registerFieldHint(f)).toBe("数字（最多8位小数），-10至10");
    expect(msgRegisterNumber({ ...f, decimals: 2 })).toBe("精度应为-10至10之间的数（最多两位小数）");
  });
  it("takes up to that many decimals", () => {
    const def = { ...FAULT_CODE_REGISTER, fields: [f], rules: undefined };
    expect(checkRegisterRow(def, { factor: 0.00390625 }).ok).toBe(true);
    expect(checkRegisterRow(def, { factor: 0.000000001 }).ok).toBe(false);
  });
});
