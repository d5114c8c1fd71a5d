import * as fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  isVin,
  isVinCheckDigitValid,
  MSG_ENTER_VIN,
  MSG_VIN_CHARACTERS,
  MSG_VIN_LENGTH,
  normalizeVin,
  VinSchema,
  vinCheckDigit,
  vinProblem,
  withVinCheckDigit,
} from "./vin";

const issue = (vin: string) => v.safeParse(VinSchema, vin).issues?.[0]?.message;

describe("VIN inputs allow 17 characters (§5, §9)", () => {
  it("an empty VIN asks 请输入VIN", () => {
    expect(vinProblem("")).toBe(MSG_ENTER_VIN);
  });
  it("16 characters are too few, 17 are right, 18 are too many", () => {
    expect(vinProblem("1M8GDM9AXKP04278")).toBe(MSG_VIN_LENGTH);
    expect(vinProblem("1M8GDM9AXKP042788")).toBeNull();
    expect(vinProblem("1M8GDM9AXKP0427881")).toBe(MSG_VIN_LENGTH);
    expect(MSG_VIN_LENGTH).toBe("请输入17位有效VIN");
  });
  it.each(["1M8GDM9AXKP04278I", "1M8GDM9AXKP04278O", "1M8GDM9AXKP04278Q", "1m8gdm9axkp042788", "1M8GDM9AXKP04278-"])(
    "%s holds a character a VIN may not hold",
    (vin) => {
      expect(vinProblem(vin)).toBe(MSG_VIN_CHARACTERS);
      expect(isVin(vin)).toBe(false);
    },
  );
  it("a test VIN with a wrong check digit is still a VIN (operators meet them)", () => {
    expect(isVin("LSVAU2180N2183294")).toBe(true);
    expect(isVinCheckDigitValid("LSVAU2180N2183294")).toBe(false);
  });
  it("normalises typed input: trimmed and upper case", () => {
    expect(normalizeVin(" 1m8gdm9axkp042788\t")).toBe("1M8GDM9AXKP042788");
  });
  it("the valibot schema gives the same messages", () => {
    expect(issue("")).toBe(MSG_ENTER_VIN);
    expect(issue("1M8GDM9AXKP0427Q8")).toBe(MSG_VIN_CHARACTERS);
    expect(issue("1M8GDM9AXKP04278")).toBe(MSG_VIN_LENGTH);
    expect(v.safeParse(VinSchema, "1M8GDM9AXKP042788").success).toBe(true);
  });
});

describe("ISO 3779 check digit, exposed separately", () => {
  // Check digits computed independently (Python) for these VINs.
  it.each([
    ["1M8GDM9AXKP042788", "X"],
    ["11111111111111111", "1"],
    ["1G1BL52P7TR115520", "7"],
    ["WVWZZZ1JZXW000001", "0"],
    ["LSVAU2180N2183294", "X"],
  ])("%s has check digit %s", (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
  });
  it("verifies the 9th character", () => {
    expect(isVinCheckDigitValid("1M8GDM9AXKP042788")).toBe(true);
    expect(isVinCheckDigitValid("1M8GDM9A1KP042788")).toBe(false);
    expect(isVinCheckDigitValid("1M8GDM9AXKP04278")).toBe(false);
  });
  it("has no check digit for a malformed VIN", () => {
    expect(vinCheckDigit("TOO-SHORT")).toBeNull();
    expect(withVinCheckDigit("TOO-SHORT")).toBeNull();
  });
  it("makes any well-formed VIN valid by setting position 9 and changes nothing else", () => {
    expect(withVinCheckDigit("LSVAU2180N2183294")).toBe("LSVAU218XN2183294");
    const vinArb = fc.stringMatching(/^[0-9A-HJ-NPR-Z]{17}$/);
    fc.assert(
      fc.property(vinArb, (vin) => {
        const fixed = withVinCheckDigit(vin) ?? "";
        expect(isVinCheckDigitValid(fixed)).toBe(true);
        expect(fixed.slice(0, 8) + fixed.slice(9)).toBe(vin.slice(0, 8) + vin.slice(9));
      }),
    );
  });
});
