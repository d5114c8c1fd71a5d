import { isMatch } from "date-fns";

// The shared format checks of platform-shell.md §5 and business-areas.md §5 ("Shared format
// checks"), one predicate each, in the spec's order. The spec quotes no messages for them;
// FORMAT_MESSAGES holds designed ones.

/** Letters and digits only. */
export function isLettersAndDigits(s: string): boolean {
  return /^[A-Za-z0-9]+$/.test(s);
}

/** Contains at least one Chinese character (CJK unified ideographs). */
export function containsChinese(s: string): boolean {
  return /[\u4e00-\u9fa5]/.test(s);
}

/** Contains whitespace anywhere. */
export function containsWhitespace(s: string): boolean {
  return /\s/.test(s);
}

const OCTET = "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);
/** Dotted IPv4 address, each part 0–255 without leading zeros. */
export function isIPv4(s: string): boolean {
  return IPV4.test(s);
}

/** http:// or https:// URL with a host and no whitespace. */
export function isHttpUrl(s: string): boolean {
  return /^https?:\/\/[^\s/?#:]+(:\d{1,5})?([/?#]\S*)?$/i.test(s);
}

/** Domain name of 3–255 characters: dot-separated labels of letters, digits and inner hyphens, a letter TLD. */
export function isDomainName(s: string): boolean {
  return s.length >= 3 && s.length <= 255 && /^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(s);
}

/** E-mail address (local part, @, domain with a TLD). */
export function isEmail(s: string): boolean {
  return /^[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/.test(s);
}

/** Mainland mobile number: 11 digits starting with 1. */
export function isMobile(s: string): boolean {
  return /^1\d{10}$/.test(s);
}

/** Landline: area code of 3–5 digits, a hyphen, 7–8 digits. */
export function isLandline(s: string): boolean {
  return /^\d{3,5}-\d{7,8}$/.test(s);
}

/** Positive integer (1, 2, … without leading zeros). */
export function isPositiveInteger(s: string): boolean {
  return /^[1-9]\d*$/.test(s);
}

/** Digits only. */
export function isDigits(s: string): boolean {
  return /^\d+$/.test(s);
}

/** Non-negative number with at most `decimals` decimals (2 unless configured; 0 means integers). */
export function isNonNegativeDecimal(s: string, decimals = 2): boolean {
  const fraction = decimals > 0 ? `(\\.\\d{1,${decimals}})?` : "";
  return new RegExp(`^(0|[1-9]\\d*)${fraction}$`).test(s);
}

/** Number (possibly negative) with at most 1 decimal. */
export function isOneDecimal(s: string): boolean {
  return /^-?(0|[1-9]\d*)(\.\d)?$/.test(s);
}

/** Exactly "0" or "1". */
export function isZeroOrOne(s: string): boolean {
  return s === "0" || s === "1";
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";
/**
 * Mainland resident ID card number (GB 11643): 18 characters — a 6-digit region code not
 * starting with 0, a real birth date YYYYMMDD from 1900, a 3-digit sequence, and the check
 * character (weighted sum mod 11 → "10X98765432"); a lower-case x is accepted.
 */
export function isMainlandIdCard(s: string): boolean {
  if (!/^[1-9]\d{5}(19|20)\d{2}\d{2}\d{2}\d{3}[\dXx]$/.test(s)) return false;
  if (!isMatch(s.slice(6, 14), "yyyyMMdd")) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(s.charAt(i)) * (ID_WEIGHTS[i] as number);
  return ID_CHECK.charAt(sum % 11) === s.charAt(17).toUpperCase();
}

/** A mix of digits and letters: only those, and at least one of each. */
export function isDigitLetterMix(s: string): boolean {
  return /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]+$/.test(s);
}

/** No Chinese characters. */
export function hasNoChinese(s: string): boolean {
  return !containsChinese(s);
}

/** Chinese, letters and digits only. */
export function isChineseLettersDigits(s: string): boolean {
  return /^[\u4e00-\u9fa5A-Za-z0-9]+$/.test(s);
}

/** Designed message of {@link isNonNegativeDecimal} for a configured number of decimals. */
export function nonNegativeDecimalMessage(decimals: number): string {
  return decimals > 0 ? `请输入不小于0的数字，最多${decimals}位小数` : "请输入不小于0的整数";
}

/**
 * Designed Chinese messages for a failed format check (the spec lists the checks but quotes
 * no messages), keyed by the check a form applies.
 */
export const FORMAT_MESSAGES = {
  lettersAndDigits: "只能输入字母和数字",
  noWhitespace: "不能包含空格",
  ipv4: "请输入正确的IP地址",
  httpUrl: "请输入以http://或https://开头的正确网址",
  domainName: "请输入3–255个字符的正确域名",
  email: "请输入正确的邮箱地址",
  mobile: "请输入以1开头的11位手机号",
  landline: "请输入正确的固定电话，如010-12345678",
  positiveInteger: "请输入正整数",
  digits: "只能输入数字",
  nonNegativeDecimal: "请输入不小于0的数字，最多两位小数",
  oneDecimal: "请输入数字，最多一位小数",
  zeroOrOne: "只能输入0或1",
  idCard: "请输入正确的身份证号码",
  digitLetterMix: "须同时包含数字和字母",
  noChinese: "不能包含中文",
  chineseLettersDigits: "只能输入中文、字母和数字",
} as const;
