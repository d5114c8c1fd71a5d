import type { Rng } from "../../../seed/rng";
import { creditCodeCheckChar } from "../ner/rules";

/** Luhn check digit (ITU-T E.118 ICCIDs). */
export function luhnDigit(digits: string): string {
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

/** Issuer digits after 8986 per carrier (China Mobile 00/02/04, Unicom 01/06, Telecom 03/11). */
const ISSUERS = { CMCC: ["00", "02", "04"], CUCC: ["01", "06"], CTCC: ["03", "11"] } as const;

/** A 20-digit ICCID of the carrier in China's 8986 range, with its Luhn digit. */
export function iccidOf(rng: Rng, carrier: keyof typeof ISSUERS): string {
  const body = `8986${rng.pick(ISSUERS[carrier])}${Array.from({ length: 13 }, () => rng.int(0, 9)).join("")}`;
  return body + luhnDigit(body);
}

/** A 13-digit IoT MSISDN of the carrier (China's 14x IoT number ranges). */
export function iotMsisdn(rng: Rng, carrier: keyof typeof ISSUERS): string {
  const prefix = carrier === "CMCC" ? "1440" : carrier === "CUCC" ? "1460" : "1410";
  return prefix + String(rng.int(0, 999999999)).padStart(9, "0");
}

/** The 17 leading characters of a credit code completed with their GB 32100 check character. */
export function creditCodeWithCheck(first17: string): string {
  const check = creditCodeCheckChar(first17);
  if (check === null) throw new Error(`not a credit code body: ${first17}`);
  return first17 + check;
}

/** A unified social credit code (GB 32100) of a company registered in the area, with its check character. */
export function creditCode(rng: Rng, areaId: string): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  return creditCodeWithCheck(`91${areaId}${Array.from({ length: 9 }, () => rng.pick([...chars])).join("")}`);
}

/** A 15-digit IMEI with its Luhn digit. */
export function imei(rng: Rng): string {
  const body = `86${Array.from({ length: 12 }, () => rng.int(0, 9)).join("")}`;
  return body + luhnDigit(body);
}

/** Masks a person's name as the console shows it (张*, 欧阳*). */
export function maskName(name: string): string {
  return `${name.slice(0, name.length > 2 ? 2 : 1)}*`;
}
