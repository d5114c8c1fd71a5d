import { describe, expect, it } from "vitest";
import { creditCodeWithCheck } from "../seed/identifiers";
import { carrierOfIccid, creditCodeCheckChar } from "./rules";

describe("GB 32100 credit code check character", () => {
  it("accepts published codes and rejects a changed character", () => {
    // Codes printed on business licences of listed companies (public records).
    for (const code of ["91440300192317458F", "91110000100010433L", "91310000132200821H"]) {
      expect(creditCodeCheckChar(code.slice(0, 17)), code).toBe(code.charAt(17));
    }
    expect(creditCodeCheckChar("91440300192317459")).not.toBe("F");
  });

  it("answers null for characters outside the code alphabet (I, O, S, V, Z)", () => {
    expect(creditCodeCheckChar("9144030019231745I")).toBeNull();
  });

  it("is what the seed writes", () => {
    const code = creditCodeWithCheck("91440305MA5F0000K");
    expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code.charAt(17));
  });
});

describe("carrier of an ICCID (ITU-T E.118, China 8986)", () => {
  it("reads the issuer digits after 8986", () => {
    expect(carrierOfIccid("89860012345678901234")).toBe("CMCC");
    expect(carrierOfIccid("89860112345678901234")).toBe("CUCC");
    expect(carrierOfIccid("89860312345678901234")).toBe("CTCC");
    expect(carrierOfIccid("89861112345678901234")).toBe("CTCC");
  });

  it("answers null outside China's range or for an unknown issuer", () => {
    expect(carrierOfIccid("89490012345678901234")).toBeNull();
    expect(carrierOfIccid("89869912345678901234")).toBeNull();
  });
});
