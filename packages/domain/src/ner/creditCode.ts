/** Characters of a unified social credit code (GB 32100: digits and capitals without I, O, S, V, Z). */
const CREDIT_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
/** Position weights of the first 17 characters (GB 32100, 3^(i) mod 31). */
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * GB 32100 check character of the first 17 characters of a unified social credit code, or
 * null when one of them is outside the code's alphabet (or there are not exactly 17).
 */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CHARS.indexOf(first17.charAt(i));
    if (value < 0) return null;
    sum += value * (CREDIT_WEIGHTS[i] as number);
  }
  return CREDIT_CHARS.charAt((31 - (sum % 31)) % 31);
}

/** Whether an 18-character code ends with its GB 32100 check character. */
export function isCreditCodeCheckValid(code: string): boolean {
  return code.length === 18 && creditCodeCheckChar(code.slice(0, 17)) === code.charAt(17);
}
