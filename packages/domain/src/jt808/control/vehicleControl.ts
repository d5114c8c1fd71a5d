import { ok, type Result } from "../../shared/result";
import { concat, isUint, Reader, uintBytes } from "../bytes";
import { type Jt808Error, jt808Error } from "../errors";
import { decodeJt808Location, encodeJt808Location, type Jt808Location } from "../location";

/**
 * 0x8500 车辆控制 (JT/T 808 §8.60, telematics-facts.md §4 "8500"). 2019: 控制类型数量 WORD, then
 * per control 控制类型ID WORD + its parameter; the standard defines 0x0001 车门 (BYTE: 0 车门锁闭,
 * 1 车门开启), reserves 0x0002–0x8000 and leaves 0xF001–0xFFFF to makers. 2013: one 控制标志 BYTE,
 * bit 0 = 1 车门加锁, 0 车门解锁 (the other bits reserved).
 *
 * Decided where the standard is silent: a maker's type (0xF001–0xFFFF) carries one parameter BYTE
 * here, as SmallChi/JT808's 0x8500 test does (body `0002 0001 00 F001 01`): a reader cannot
 * delimit a parameter whose length only the maker knows, so one byte is what this platform sends.
 */
export type Jt808VehicleControlItem =
  | { readonly type: "door"; readonly action: "lock" | "unlock" }
  | { readonly type: "oem"; readonly id: number; readonly value: number };

export interface Jt808VehicleControl {
  readonly controls: readonly Jt808VehicleControlItem[];
}

/** 0x8500's control type id of the door (2019). */
export const JT808_CONTROL_DOOR = 0x0001;
/** The first control type id left to makers (2019). */
export const JT808_CONTROL_OEM_FIRST = 0xf001;

/** Writes a 0x8500 body of the terminal's edition (2013: the door only, one control). */
export function encodeJt808VehicleControl(
  c: Jt808VehicleControl,
  edition: 2013 | 2019,
): Result<Uint8Array, Jt808Error> {
  if (c.controls.length === 0) return jt808Error("bad-number", "车辆控制至少包含一项控制");
  if (edition === 2013) {
    const [only] = c.controls;
    if (c.controls.length !== 1 || only?.type !== "door") {
      return jt808Error("bad-number", "JT/T 808-2013的车辆控制只有车门加锁/解锁一项");
    }
    return ok(Uint8Array.of(only.action === "lock" ? 1 : 0));
  }
  if (c.controls.length > 0xffff) return jt808Error("bad-number", "控制类型数量应不超过65535");
  const parts: Uint8Array[] = [uintBytes(c.controls.length, 2)];
  for (const item of c.controls) {
    if (item.type === "door") {
      parts.push(uintBytes(JT808_CONTROL_DOOR, 2), Uint8Array.of(item.action === "lock" ? 0 : 1));
      continue;
    }
    if (!isUint(item.id, 0xffff) || item.id < JT808_CONTROL_OEM_FIRST) {
      return jt808Error("bad-number", "自定义控制类型ID应为0xF001–0xFFFF");
    }
    if (!isUint(item.value, 0xff)) return jt808Error("bad-number", "自定义控制参数应为0–255");
    parts.push(uintBytes(item.id, 2), Uint8Array.of(item.value));
  }
  return ok(concat(parts));
}

/** Reads a 0x8500 body (the simulated terminal's side). */
export function decodeJt808VehicleControl(
  body: Uint8Array,
  edition: 2013 | 2019,
): Result<Jt808VehicleControl, Jt808Error> {
  const r = new Reader(body);
  if (edition === 2013) {
    const flag = r.uint(1, "控制标志");
    if (!flag.ok) return flag;
    if (r.remaining !== 0) return jt808Error("length-mismatch", "2013版车辆控制应为1字节", 1);
    return ok({ controls: [{ type: "door", action: (flag.value & 1) === 1 ? "lock" : "unlock" }] });
  }
  const count = r.uint(2, "控制类型数量");
  if (!count.ok) return count;
  const controls: Jt808VehicleControlItem[] = [];
  for (let i = 0; i < count.value; i++) {
    const id = r.uint(2, "控制类型ID");
    if (!id.ok) return id;
    const value = r.uint(1, "控制参数");
    if (!value.ok) return value;
    if (id.value === JT808_CONTROL_DOOR) {
      if (value.value > 1) return jt808Error("bad-number", `车门控制参数应为0或1，实际为${value.value}`, r.offset - 1);
      controls.push({ type: "door", action: value.value === 0 ? "lock" : "unlock" });
    } else if (id.value >= JT808_CONTROL_OEM_FIRST) {
      controls.push({ type: "oem", id: id.value, value: value.value });
    } else {
      return jt808Error("bad-number", `控制类型ID 0x${id.value.toString(16).padStart(4, "0")}为标准保留`, r.offset - 3);
    }
  }
  if (r.remaining !== 0) return jt808Error("length-mismatch", "车辆控制消息体长度与控制类型数量不符", r.offset);
  return ok({ controls });
}

/**
 * 0x0500 车辆控制应答: 应答流水号 (WORD, the 0x8500's serial) and the location report body of
 * 0x0200 (the terminal's state after the control: the door lock is a status bit of it).
 */
export interface Jt808VehicleControlAnswer {
  readonly serial: number;
  readonly location: Jt808Location;
}

/** Reads a 0x0500 body. */
export function decodeJt808VehicleControlAnswer(body: Uint8Array): Result<Jt808VehicleControlAnswer, Jt808Error> {
  const r = new Reader(body);
  const serial = r.uint(2, "应答流水号");
  if (!serial.ok) return serial;
  const position = decodeJt808Location(body.subarray(2));
  if (!position.ok) return position;
  return ok({ serial: serial.value, location: position.value });
}

/** Writes a 0x0500 body. */
export function encodeJt808VehicleControlAnswer(a: Jt808VehicleControlAnswer): Result<Uint8Array, Jt808Error> {
  if (!isUint(a.serial, 0xffff)) return jt808Error("bad-number", "应答流水号应为0–65535");
  const position = encodeJt808Location(a.location);
  if (!position.ok) return position;
  return ok(concat([uintBytes(a.serial, 2), position.value]));
}
