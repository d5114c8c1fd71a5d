import { describe, expect, it } from "vitest";
import {
  containsChinese,
  containsWhitespace,
  FORMAT_MESSAGES,
  hasNoChinese,
  isChineseLettersDigits,
  isDigitLetterMix,
  isDigits,
  isDomainName,
  isEmail,
  isHttpUrl,
  isIPv4,
  isLandline,
  isLettersAndDigits,
  isMainlandIdCard,
  isMobile,
  isNonNegativeDecimal,
  isOneDecimal,
  isPositiveInteger,
  isZeroOrOne,
  nonNegativeDecimalMessage,
} from "./formats";

type Case = readonly [string, boolean];
const table = (name: string, check: (s: string) => boolean, cases: readonly Case[]) =>
  describe(name, () => {
    it.each(cases)("%j → %s", (input, expected) => {
      expect(check(input)).toBe(expected);
    });
  });

table("letters and digits only", isLettersAndDigits, [
  ["abc123", true],
  ["ABC", true],
  ["ab c", false],
  ["ab_1", false],
  ["", false],
]);
table("contains Chinese", containsChinese, [
  ["车辆abc", true],
  ["abc", false],
]);
table("contains whitespace", containsWhitespace, [
  ["a b", true],
  ["a\tb", true],
  ["ab", false],
]);
table("IPv4", isIPv4, [
  ["192.168.1.1", true],
  ["0.0.0.0", true],
  ["255.255.255.255", true],
  ["256.1.1.1", false],
  ["01.1.1.1", false],
  ["1.1.1", false],
  ["1.1.1.1.1", false],
]);
table("http(s) URL", isHttpUrl, [
  ["http://example.com", true],
  ["https://example.com:8443/a?b=1#c", true],
  ["HTTPS://127.0.0.1", true],
  ["ftp://example.com", false],
  ["http://", false],
  ["http://exa mple.com", false],
]);
describe("domain name (3–255)", () => {
  it.each([
    ["a.cn", true],
    ["iot.example.com", true],
    ["my-host.example.org", true],
    ["ab", false],
    ["-bad.com", false],
    ["bad-.com", false],
    ["nodot", false],
  ] as const)("%s → %s", (s, expected) => {
    expect(isDomainName(s)).toBe(expected);
  });
  it("255 characters pass, 256 fail", () => {
    const d255 = `${"a.".repeat(125)}ab.cn`;
    const d256 = `${"a.".repeat(125)}abc.cn`;
    expect([d255.length, d256.length]).toEqual([255, 256]);
    expect(isDomainName(d255)).toBe(true);
    expect(isDomainName(d256)).toBe(false);
  });
});
table("e-mail", isEmail, [
  ["ops@tsp.example.com", true],
  ["a.b+c@x.cn", true],
  ["a@b", false],
  ["@x.cn", false],
  ["a b@x.cn", false],
]);
table("mobile: 11 digits starting with 1", isMobile, [
  ["13800138000", true],
  ["1380013800", false],
  ["138001380000", false],
  ["23800138000", false],
]);
table("landline: 3–5 digit area code, hyphen, 7–8 digits", isLandline, [
  ["010-1234567", true],
  ["0755-12345678", true],
  ["07551-1234567", true],
  ["01-1234567", false],
  ["075512-1234567", false],
  ["010-123456", false],
  ["010-123456789", false],
  ["01012345678", false],
]);
table("positive integer", isPositiveInteger, [
  ["1", true],
  ["120", true],
  ["0", false],
  ["01", false],
  ["-1", false],
  ["1.0", false],
]);
table("digits only", isDigits, [
  ["0123", true],
  ["12a", false],
  ["", false],
]);
describe("non-negative number with 2 decimals (configurable)", () => {
  it.each([
    ["0", true],
    ["12.34", true],
    ["12.3", true],
    ["12.345", false],
    ["-1", false],
    ["01.5", false],
    ["1.", false],
  ] as const)("%s → %s", (s, expected) => {
    expect(isNonNegativeDecimal(s)).toBe(expected);
  });
  it("decimals are configurable; 0 means integers only", () => {
    expect(isNonNegativeDecimal("1.2345", 4)).toBe(true);
    expect(isNonNegativeDecimal("1.5", 0)).toBe(false);
    expect(isNonNegativeDecimal("15", 0)).toBe(true);
    expect(nonNegativeDecimalMessage(3)).toBe("请输入不小于0的数字，最多3位小数");
    expect(nonNegativeDecimalMessage(0)).toBe("请输入不小于0的整数");
  });
});
table("at most 1 decimal", isOneDecimal, [
  ["1", true],
  ["-1.5", true],
  ["0.5", true],
  ["1.25", false],
  ["abc", false],
]);
table("exactly 0 or 1", isZeroOrOne, [
  ["0", true],
  ["1", true],
  ["2", false],
  ["01", false],
]);
table("mainland ID card number", isMainlandIdCard, [
  ["11010519491231002X", true],
  ["11010519491231002x", true],
  ["440304200002291236", true],
  ["110105194912310021", false],
  ["110105202302290014", false],
  ["11010519491331002X", false],
  ["01010519491231002X", false],
  ["11010518491231002X", false],
  ["1101051949123100X", false],
]);
table("digits-and-letters mix", isDigitLetterMix, [
  ["abc123", true],
  ["abc", false],
  ["123", false],
  ["ab-12", false],
]);
table("no Chinese", hasNoChinese, [
  ["abc 1", true],
  ["中文", false],
]);
table("Chinese, letters and digits only", isChineseLettersDigits, [
  ["车辆A1", true],
  ["车辆 A1", false],
  ["a_b", false],
]);

describe("designed messages", () => {
  it("every check has a Chinese message", () => {
    for (const m of Object.values(FORMAT_MESSAGES)) expect(containsChinese(m)).toBe(true);
  });
});
