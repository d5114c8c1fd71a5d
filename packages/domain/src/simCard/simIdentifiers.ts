import { iccidProblem } from "../identifiers/iccid";
import { msisdnProblem } from "../identifiers/msisdn";
import type { SimCarrier } from "./simCardValues";

/** Message of a card's ICCID that is not 19–20 digits. */
export const MSG_SIM_ICCID_DIGITS = "ICCID应为19至20位数字";
/** Message of an ICCID outside China's 8986 range (the wording of the terminal-info rule). */
export const MSG_SIM_ICCID_NOT_CHINA = "ICCID不属于中国运营商号段（8986）";
/** Message of an ICCID whose last digit is not its Luhn check digit. */
export const MSG_SIM_ICCID_CHECK_DIGIT = "ICCID校验位错误";
/** Message of a card number that is neither a mobile (11 digits) nor an IoT number (13 digits). */
export const MSG_SIM_MSISDN_LENGTH = "MSISDN应为11位手机号或13位物联网号码";

/** The Luhn check digit of a string of digits (ISO/IEC 7812; ITU-T E.118 for ICCIDs). */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Issuer digits after 8986 per carrier (the numbering of China's ICCID ranges). */
const ISSUERS: Readonly<Record<string, SimCarrier>> = {
  "00": "CMCC",
  "02": "CMCC",
  "04": "CMCC",
  "07": "CMCC",
  "08": "CMCC",
  "13": "CMCC",
  "01": "CUCC",
  "06": "CUCC",
  "09": "CUCC",
  "10": "CUCC",
  "03": "CTCC",
  "05": "CTCC",
  "11": "CTCC",
};

/** The carrier a Chinese ICCID's issuer digits name (8986 + two digits), or null when unknown. */
export function carrierOfIccid(iccid: string): SimCarrier | null {
  return iccid.startsWith("8986") ? (ISSUERS[iccid.slice(4, 6)] ?? null) : null;
}

/**
 * Why an ICCID cannot be a card of this register, or null. On top of the general ICCID rule
 * (platform-shell.md §9, `iccidProblem`): the register holds cards of China's carriers, so
 * an ICCID is 19–20 digits in the 8986 range and ends with its Luhn check digit (E.118) —
 * a mistyped digit is caught before it is saved. Designed; the spec gives only the length.
 */
export function simIccidProblem(iccid: string): string | null {
  const general = iccidProblem(iccid);
  if (general) return general;
  if (!/^\d{19,20}$/.test(iccid)) return MSG_SIM_ICCID_DIGITS;
  if (!iccid.startsWith("8986")) return MSG_SIM_ICCID_NOT_CHINA;
  if (luhnCheckDigit(iccid.slice(0, -1)) !== iccid.slice(-1)) return MSG_SIM_ICCID_CHECK_DIGIT;
  return null;
}

/**
 * Why a card number is not acceptable, or null: the general MSISDN rule (`msisdnProblem`),
 * and then 11 digits (a mobile number) or 13 digits (China's 14x IoT ranges). Designed.
 */
export function simMsisdnProblem(msisdn: string): string | null {
  const general = msisdnProblem(msisdn);
  if (general) return general;
  return msisdn.length === 11 || msisdn.length === 13 ? null : MSG_SIM_MSISDN_LENGTH;
}
