import { withVinCheckDigit } from "@tsp/domain";
import type { Rng } from "./rng";

/** Letters a VIN may hold (ISO 3779: no I, O, Q). */
const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
/** World manufacturer identifiers of Chinese makers (L = China). */
const WMIS = ["LGX", "LFV", "LSV", "LNB", "LB3", "LVG"];

/**
 * A VIN with a valid check digit: WMI · 5 VDS characters · check digit · model year ·
 * plant · 6-digit serial (`index` keeps VINs unique).
 */
export function demoVin(rng: Rng, index: number): string {
  const vds = Array.from({ length: 5 }, () => rng.pick([...VIN_CHARS])).join("");
  const year = rng.pick(["P", "R", "S"]); // 2023–2025
  const plant = rng.pick([..."ABCDEFGH"]);
  const draft = `${rng.pick(WMIS)}${vds}0${year}${plant}${String(100000 + index).slice(-6)}`;
  const vin = withVinCheckDigit(draft);
  if (!vin) throw new Error(`cannot make a VIN from ${draft}`);
  return vin;
}

/** A 20-digit ICCID in China's 8986 range with its Luhn check digit (ITU-T E.118). */
export function demoIccid(rng: Rng): string {
  const body = `898603${Array.from({ length: 13 }, () => rng.int(0, 9)).join("")}`;
  return body + luhn(body);
}

function luhn(digits: string): string {
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

/** A plausible plate: province character, city letter, 5 characters. */
export function demoPlate(rng: Rng): string {
  const chars = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
  return `${rng.pick([..."沪苏浙京粤鲁"])}${rng.pick([..."ABCDE"])}${Array.from({ length: 5 }, () => rng.pick([...chars])).join("")}`;
}
