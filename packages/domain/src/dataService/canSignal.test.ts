import { describe, expect, it } from "vitest";
import { checkRegisterRow } from "../registers/register";
import {
  CAN_SIGNAL_REGISTER,
  canIdText,
  canSignalBits,
  canSignalCode,
  MSG_CAN_BITS,
  MSG_CAN_MESSAGE_ID,
  MSG_CAN_RANGE,
  MSG_CAN_SIGNAL_NAME,
  parseCanId,
} from "./canSignal";

const signal = {
  code: "CA4250P66K24T1E6.0x0CF004FE.EngSpeed",
  vehicleModel: "CA4250P66K24T1E6",
  messageId: "0x0CF004FE",
  signalName: "EngSpeed",
  nameZh: "发动机转速",
  startBit: 24,
  bitLength: 16,
  byteOrder: "intel",
  valueType: "unsigned",
  factor: 0.125,
  valueOffset: 0,
  minValue: 0,
  maxValue: 8031.875,
  unit: "rpm",
  periodMs: 100,
  remark: null,
};

describe("CAN ids", () => {
  it("reads hex ids as written and refuses what is not one", () => {
    expect(parseCanId("0x18FEF100")).toBe(0x18fef100);
    expect(parseCanId("18fef100h")).toBe(0x18fef100);
    expect(parseCanId(" 0CF ")).toBe(0xcf);
    expect(parseCanId("0x20000000")).toBe(null);
    expect(parseCanId("EEG1")).toBe(null);
  });
  it("writes standard ids with 3 digits and extended ones with 8", () => {
    expect(canIdText(0xb4)).toBe("0x0B4");
    expect(canIdText(0x18fef100)).toBe("0x18FEF100");
    expect(canIdText(0x100, true)).toBe("0x00000100");
    expect(canSignalCode("M1", "0x0B4", "SPEED")).toBe("M1.0x0B4.SPEED");
  });
});

describe("canSignalBits", () => {
  it("counts Intel bits up and Motorola bits down within a byte then into the next", () => {
    expect(canSignalBits(24, 4, "intel")).toEqual([24, 25, 26, 27]);
    expect(canSignalBits(39, 4, "motorola")).toEqual([39, 38, 37, 36]);
    expect(canSignalBits(33, 4, "motorola")).toEqual([33, 32, 47, 46]);
    expect(canSignalBits(510, 4, "intel")).toBe(null);
    expect(canSignalBits(-1, 1, "intel")).toBe(null);
  });
});

describe("the CAN signal register", () => {
  it("accepts a signal as a DBC defines it", () => {
    expect(checkRegisterRow(CAN_SIGNAL_REGISTER, signal).ok).toBe(true);
    expect(checkRegisterRow(CAN_SIGNAL_REGISTER, { ...signal, minValue: null, maxValue: null }).ok).toBe(true);
  });
  it("refuses a bad id, name, bit range or value range, each on its field", () => {
    const r = checkRegisterRow(CAN_SIGNAL_REGISTER, {
      ...signal,
      messageId: "EEG1",
      signalName: "1st",
      startBit: 500,
      bitLength: 16,
      minValue: 10,
      maxValue: 1,
    });
    expect(r.ok ? [] : r.error).toEqual([
      { field: "messageId", msg: MSG_CAN_MESSAGE_ID },
      { field: "signalName", msg: MSG_CAN_SIGNAL_NAME },
      { field: "bitLength", msg: MSG_CAN_BITS },
      { field: "maxValue", msg: MSG_CAN_RANGE },
    ]);
  });
});
