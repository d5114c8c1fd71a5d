import * as v from "valibot";

/** ICCID input limit (platform-shell.md §3 "iccid (max 50)", §9 "ICCID and MSISDN max 50"). */
export const ICCID_MAX_LENGTH = 50;
/** Message of a missing ICCID where one is needed. */
export const MSG_ENTER_ICCID = "请输入ICCID";
/** Message of an ICCID over 50 characters. */
export const MSG_ICCID_TOO_LONG = `ICCID不能超过${ICCID_MAX_LENGTH}个字符`;
/**
 * Message of an ICCID with other than letters and digits. Designed (spec §5 gives only the
 * length): ICCIDs are digits, and some SIM vendors end them with hex letters (…F), so letters
 * are allowed too.
 */
export const MSG_ICCID_CHARACTERS = "ICCID只能包含字母和数字";

/** The reason an ICCID is not acceptable, or null (platform-shell.md §3, §9). */
export function iccidProblem(iccid: string): string | null {
  if (iccid.length === 0) return MSG_ENTER_ICCID;
  if (iccid.length > ICCID_MAX_LENGTH) return MSG_ICCID_TOO_LONG;
  if (!/^[0-9A-Za-z]+$/.test(iccid)) return MSG_ICCID_CHARACTERS;
  return null;
}

/** valibot schema of an ICCID, messages as {@link iccidProblem}. */
export const IccidSchema = v.pipe(
  v.string(),
  v.minLength(1, MSG_ENTER_ICCID),
  v.maxLength(ICCID_MAX_LENGTH, MSG_ICCID_TOO_LONG),
  v.regex(/^[0-9A-Za-z]+$/, MSG_ICCID_CHARACTERS),
);
