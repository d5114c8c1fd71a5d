import { ok, type Result } from "../../shared/result";
import { concat, isUint, type Reader, uintBytes } from "../bytes";
import { type Jt808Error, jt808Error } from "../errors";
import { readAscii, writeAscii } from "../text";
import { readBcdTime, writeBcdTime } from "../time";

/**
 * 报警标识号 (苏标 T/JSATL 12-2017 表4-16; telematics-facts.md §4 "苏标"): the terminal's id
 * (7 ASCII bytes), the alarm's BCD[6] time (GMT+8), its serial among the alarms of that second,
 * how many attachments it has, and one reserved byte. 16 bytes, in 0x64–0x67, 0x9208 and 0x1210.
 */
export interface Jt808AlarmMark {
  readonly terminalId: string;
  /** Epoch ms (whole seconds). */
  readonly time: number;
  readonly serial: number;
  readonly fileCount: number;
  readonly reserved: number;
}

/** Length of a 报警标识号. */
export const JT808_ALARM_MARK_LENGTH = 16;

/** Reads a 报警标识号 at the reader's position. */
export function readJt808AlarmMark(r: Reader): Result<Jt808AlarmMark, Jt808Error> {
  const id = r.take(7, "终端ID");
  if (!id.ok) return id;
  const terminalId = readAscii(id.value, "终端ID");
  if (!terminalId.ok) return terminalId;
  const t = r.take(6, "报警时间");
  if (!t.ok) return t;
  const time = readBcdTime(t.value, "报警时间");
  if (!time.ok) return time;
  const rest = r.take(3, "序号/附件数量/预留");
  if (!rest.ok) return rest;
  const [serial = 0, fileCount = 0, reserved = 0] = rest.value;
  return ok({ terminalId: terminalId.value, time: time.value, serial, fileCount, reserved });
}

/** Writes a 报警标识号 (16 bytes); a field out of range is an error naming it. */
export function writeJt808AlarmMark(m: Jt808AlarmMark): Result<Uint8Array, Jt808Error> {
  const id = writeAscii(m.terminalId, "终端ID", 7);
  if (!id.ok) return id;
  const time = writeBcdTime(m.time, "报警时间");
  if (!time.ok) return time;
  for (const [v, label] of [
    [m.serial, "序号"],
    [m.fileCount, "附件数量"],
    [m.reserved, "预留"],
  ] as const) {
    if (!isUint(v, 0xff)) return jt808Error("bad-number", `“${label}”应为0–255的整数`);
  }
  return ok(
    concat([id.value, time.value, uintBytes(m.serial, 1), uintBytes(m.fileCount, 1), uintBytes(m.reserved, 1)]),
  );
}

/** The key one alarm's attachments are known by on both connections: terminal id, time and serial. */
export function jt808AlarmMarkKey(m: Pick<Jt808AlarmMark, "terminalId" | "time" | "serial">): string {
  return `${m.terminalId}-${m.time}-${m.serial}`;
}
