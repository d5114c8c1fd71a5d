import * as v from "valibot";

/** T-BOX serial input limit (platform-shell.md §5: "T-BOX and VIN pickers too" allow at most 17). */
export const TBOX_SERIAL_MAX_LENGTH = 17;
/** Message of a missing T-BOX serial where one is needed. */
export const MSG_ENTER_TBOX_SERIAL = "请输入T-BOX序列号";
/** Message of a T-BOX serial over 17 characters. */
export const MSG_TBOX_SERIAL_TOO_LONG = `T-BOX序列号不能超过${TBOX_SERIAL_MAX_LENGTH}个字符`;
/**
 * Message of a T-BOX serial with other characters. Designed (the spec gives only the length):
 * manufacturers' serials are letters and digits, some grouped with hyphens.
 */
export const MSG_TBOX_SERIAL_CHARACTERS = "T-BOX序列号只能包含字母、数字和“-”";

const TBOX_SERIAL = /^[0-9A-Za-z-]+$/;

/** The reason a T-BOX serial is not acceptable, or null (platform-shell.md §5). */
export function tboxSerialProblem(serial: string): string | null {
  if (serial.length === 0) return MSG_ENTER_TBOX_SERIAL;
  if (serial.length > TBOX_SERIAL_MAX_LENGTH) return MSG_TBOX_SERIAL_TOO_LONG;
  if (!TBOX_SERIAL.test(serial)) return MSG_TBOX_SERIAL_CHARACTERS;
  return null;
}

/** valibot schema of a T-BOX serial, messages as {@link tboxSerialProblem}. */
export const TboxSerialSchema = v.pipe(
  v.string(),
  v.minLength(1, MSG_ENTER_TBOX_SERIAL),
  v.maxLength(TBOX_SERIAL_MAX_LENGTH, MSG_TBOX_SERIAL_TOO_LONG),
  v.regex(TBOX_SERIAL, MSG_TBOX_SERIAL_CHARACTERS),
);
