import * as v from "valibot";

/** MSISDN input limit (platform-shell.md §3 "msisdn (max 50)", §9). */
export const MSISDN_MAX_LENGTH = 50;
/** Message of a missing MSISDN where one is needed. */
export const MSG_ENTER_MSISDN = "请输入MSISDN";
/** Message of an MSISDN over 50 characters. */
export const MSG_MSISDN_TOO_LONG = `MSISDN不能超过${MSISDN_MAX_LENGTH}个字符`;
/** Message of an MSISDN with other than digits (designed: an MSISDN is an E.164 number without "+"). */
export const MSG_MSISDN_CHARACTERS = "MSISDN只能包含数字";

/** The reason an MSISDN is not acceptable, or null (platform-shell.md §3, §9). */
export function msisdnProblem(msisdn: string): string | null {
  if (msisdn.length === 0) return MSG_ENTER_MSISDN;
  if (msisdn.length > MSISDN_MAX_LENGTH) return MSG_MSISDN_TOO_LONG;
  if (!/^[0-9]+$/.test(msisdn)) return MSG_MSISDN_CHARACTERS;
  return null;
}

/** valibot schema of an MSISDN, messages as {@link msisdnProblem}. */
export const MsisdnSchema = v.pipe(
  v.string(),
  v.minLength(1, MSG_ENTER_MSISDN),
  v.maxLength(MSISDN_MAX_LENGTH, MSG_MSISDN_TOO_LONG),
  v.regex(/^[0-9]+$/, MSG_MSISDN_CHARACTERS),
);
