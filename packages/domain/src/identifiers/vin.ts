import * as v from "valibot";

/** VIN length (platform-shell.md §9 "VIN length 17"). */
export const VIN_LENGTH = 17;
/** Message of a missing required VIN (platform-shell.md §5, §8 "请输入VIN"). */
export const MSG_ENTER_VIN = "请输入VIN";
/**
 * Message of a VIN that is not 17 characters (platform-shell.md §2: the journal's empty hint
 * asks for "a valid 17-digit VIN").
 */
export const MSG_VIN_LENGTH = "请输入17位有效VIN";
/** Message of a VIN holding characters a VIN may not hold (ISO 3779: digits and A–Z without I, O, Q). */
export const MSG_VIN_CHARACTERS = "VIN只能包含数字和除I、O、Q以外的大写字母";
/** Message of a VIN whose 9th character is not its ISO 3779 check digit. */
export const MSG_VIN_CHECK_DIGIT = "VIN校验位不正确";

/** Characters a VIN may hold: digits and capital letters except I, O and Q (ISO 3779). */
const VIN_CHARACTERS = /^[0-9A-HJ-NPR-Z]*$/;

/** Upper-cases and trims what an operator typed, so "lsvau2180n2183294 " becomes a VIN. */
export function normalizeVin(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * The reason a VIN is not acceptable, or null (platform-shell.md §3 "vin (max 17)", §9 "VIN
 * length 17"): empty → 请输入VIN; not 17 characters (16 and 18 are both refused) → length
 * message; I, O, Q, lower case or symbols → character message. The check digit is NOT
 * required here — operators meet test VINs whose 9th character is arbitrary; use
 * {@link isVinCheckDigitValid} where a real VIN is demanded.
 */
export function vinProblem(vin: string): string | null {
  if (vin.length === 0) return MSG_ENTER_VIN;
  if (!VIN_CHARACTERS.test(vin)) return MSG_VIN_CHARACTERS;
  if (vin.length !== VIN_LENGTH) return MSG_VIN_LENGTH;
  return null;
}

/** True when {@link vinProblem} finds nothing. */
export function isVin(vin: string): boolean {
  return vinProblem(vin) === null;
}

/** ISO 3779 transliteration: each character of CHARS is worth the digit at the same place of VALUES. */
const CHARS = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";
const VALUES = "012345678912345678123457923456789";

/** Position weights of ISO 3779 (position 9 weighs 0: it is the check digit). */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * ISO 3779 check digit ("0"–"9" or "X") of a VIN of valid characters and length: the weighted
 * sum of transliterated characters modulo 11, 10 written X. Position 9 itself does not count.
 * Answers null for a string that is not a well-formed VIN.
 */
export function vinCheckDigit(vin: string): string | null {
  if (vinProblem(vin) !== null) return null;
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++)
    sum += Number(VALUES.charAt(CHARS.indexOf(vin.charAt(i)))) * (WEIGHTS[i] as number);
  const r = sum % 11;
  return r === 10 ? "X" : String(r);
}

/** True when a well-formed VIN's 9th character is its check digit. */
export function isVinCheckDigitValid(vin: string): boolean {
  const digit = vinCheckDigit(vin);
  return digit !== null && vin.charAt(8) === digit;
}

/**
 * Makes a well-formed VIN valid by writing its check digit into position 9 (for seeds and
 * test fixtures). Answers null for a string that is not a well-formed VIN.
 */
export function withVinCheckDigit(vin: string): string | null {
  const digit = vinCheckDigit(vin);
  return digit === null ? null : `${vin.slice(0, 8)}${digit}${vin.slice(9)}`;
}

/** valibot schema of a well-formed VIN (check digit not required), messages as {@link vinProblem}. */
export const VinSchema = v.pipe(
  v.string(),
  v.check((s) => s.length > 0, MSG_ENTER_VIN),
  v.regex(VIN_CHARACTERS, MSG_VIN_CHARACTERS),
  v.length(VIN_LENGTH, MSG_VIN_LENGTH),
);
