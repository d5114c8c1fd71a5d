import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { IccidSchema, iccidProblem, MSG_ENTER_ICCID, MSG_ICCID_CHARACTERS, MSG_ICCID_TOO_LONG } from "./iccid";
import { MSG_ENTER_MSISDN, MSG_MSISDN_CHARACTERS, MSG_MSISDN_TOO_LONG, MsisdnSchema, msisdnProblem } from "./msisdn";
import {
  MSG_ENTER_TBOX_SERIAL,
  MSG_TBOX_SERIAL_CHARACTERS,
  MSG_TBOX_SERIAL_TOO_LONG,
  TboxSerialSchema,
  tboxSerialProblem,
} from "./tboxSerial";

const issue = (schema: v.GenericSchema<string>, value: string) => v.safeParse(schema, value).issues?.[0]?.message;

describe("ICCID: max 50 (§3, §9)", () => {
  it("accepts 20 digits and a hex-terminated ICCID; 50 characters is the limit", () => {
    expect(iccidProblem("89860123456789012345")).toBeNull();
    expect(iccidProblem("8986012345678901234F")).toBeNull();
    expect(iccidProblem("8".repeat(50))).toBeNull();
    expect(iccidProblem("8".repeat(51))).toBe(MSG_ICCID_TOO_LONG);
    expect(MSG_ICCID_TOO_LONG).toBe("ICCID不能超过50个字符");
  });
  it("refuses empty and symbols", () => {
    expect(iccidProblem("")).toBe(MSG_ENTER_ICCID);
    expect(iccidProblem("8986-0123")).toBe(MSG_ICCID_CHARACTERS);
  });
  it("schema agrees", () => {
    expect(issue(IccidSchema, "")).toBe(MSG_ENTER_ICCID);
    expect(issue(IccidSchema, "8".repeat(51))).toBe(MSG_ICCID_TOO_LONG);
    expect(issue(IccidSchema, "89 86")).toBe(MSG_ICCID_CHARACTERS);
    expect(issue(IccidSchema, "89860123456789012345")).toBeUndefined();
  });
});

describe("MSISDN: max 50, digits (§3, §9)", () => {
  it("accepts 13-digit IoT numbers up to 50 digits", () => {
    expect(msisdnProblem("1440123456789")).toBeNull();
    expect(msisdnProblem("1".repeat(50))).toBeNull();
    expect(msisdnProblem("1".repeat(51))).toBe(MSG_MSISDN_TOO_LONG);
  });
  it("refuses empty and non-digits", () => {
    expect(msisdnProblem("")).toBe(MSG_ENTER_MSISDN);
    expect(msisdnProblem("+86138")).toBe(MSG_MSISDN_CHARACTERS);
  });
  it("schema agrees", () => {
    expect(issue(MsisdnSchema, "")).toBe(MSG_ENTER_MSISDN);
    expect(issue(MsisdnSchema, "1".repeat(51))).toBe(MSG_MSISDN_TOO_LONG);
    expect(issue(MsisdnSchema, "13a")).toBe(MSG_MSISDN_CHARACTERS);
    expect(issue(MsisdnSchema, "1440123456789")).toBeUndefined();
  });
});

describe("T-BOX serial: pickers allow at most 17 (§5)", () => {
  it("accepts letters, digits and hyphens up to 17", () => {
    expect(tboxSerialProblem("TB-2024-000123")).toBeNull();
    expect(tboxSerialProblem("A".repeat(17))).toBeNull();
    expect(tboxSerialProblem("A".repeat(18))).toBe(MSG_TBOX_SERIAL_TOO_LONG);
  });
  it("refuses empty and other characters", () => {
    expect(tboxSerialProblem("")).toBe(MSG_ENTER_TBOX_SERIAL);
    expect(tboxSerialProblem("TB 001")).toBe(MSG_TBOX_SERIAL_CHARACTERS);
  });
  it("schema agrees", () => {
    expect(issue(TboxSerialSchema, "")).toBe(MSG_ENTER_TBOX_SERIAL);
    expect(issue(TboxSerialSchema, "A".repeat(18))).toBe(MSG_TBOX_SERIAL_TOO_LONG);
    expect(issue(TboxSerialSchema, "TB_1")).toBe(MSG_TBOX_SERIAL_CHARACTERS);
    expect(issue(TboxSerialSchema, "TB-1")).toBeUndefined();
  });
});
