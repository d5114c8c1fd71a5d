import { ok, type Result } from "../../shared/result";
import { concat, isUint, Reader, uintBytes } from "../bytes";
import { type Jt808Error, jt808Error } from "../errors";

/**
 * JT/T 808-2019 terminal parameters (§8.8–8.11, telematics-facts.md §4 "8104→0104", "8103"):
 * - 0x8103 设置终端参数: count BYTE · {id DWORD · length BYTE · value};
 * - 0x8104 查询终端参数: an empty body (every parameter);
 * - 0x8106 查询指定终端参数: count BYTE · id DWORD × count;
 * - 0x0104 查询终端参数应答: answered serial WORD · count BYTE · the items as 0x8103 carries them.
 * Values are kept as bytes: each id's own layout is read apart (JT/T 1078's 0x0075–0x0079 in
 * `multimedia/avParams.ts`). Checked byte for byte against SmallChi/JT808's JT808_0x8106Test and
 * JT808_0x0104Test bodies (`terminalParams.test.ts`).
 */
export interface Jt808ParamItem {
  readonly id: number;
  readonly value: Uint8Array;
}

/** 0x0104: the serial of the 0x8104 / 0x8106 it answers and the parameters. */
export interface Jt808ParamAnswer {
  readonly serial: number;
  readonly items: readonly Jt808ParamItem[];
}

/** Message ids of the parameter messages. */
export const JT808_PARAM_MESSAGE_ID = {
  set: 0x8103,
  queryAll: 0x8104,
  query: 0x8106,
  answer: 0x0104,
} as const;

/** At most 255 items (the count is a BYTE) of at most 255 value bytes each. */
function writeItems(items: readonly Jt808ParamItem[]): Result<Uint8Array, Jt808Error> {
  if (items.length > 0xff) return jt808Error("bad-number", `参数总数为BYTE，最多255个，实际为${items.length}个`);
  for (const i of items) {
    if (!isUint(i.id, 0xffffffff)) return jt808Error("bad-number", `参数ID应为DWORD，实际为${i.id}`);
    if (i.value.length > 0xff) {
      return jt808Error("bad-number", `参数0x${hexId(i.id)}的长度为BYTE，最多255字节，实际为${i.value.length}字节`);
    }
  }
  return ok(
    concat([
      Uint8Array.of(items.length),
      ...items.flatMap((i) => [uintBytes(i.id, 4), Uint8Array.of(i.value.length), i.value]),
    ]),
  );
}

function readItems(r: Reader): Result<Jt808ParamItem[], Jt808Error> {
  const count = r.uint(1, "参数总数");
  if (!count.ok) return count;
  const items: Jt808ParamItem[] = [];
  for (let n = 0; n < count.value; n++) {
    const id = r.uint(4, "参数ID");
    if (!id.ok) return id;
    const length = r.uint(1, "参数长度");
    if (!length.ok) return length;
    const value = r.take(length.value, `参数0x${hexId(id.value)}的值`);
    if (!value.ok) return value;
    items.push({ id: id.value, value: value.value.slice() });
  }
  if (r.remaining !== 0) {
    return jt808Error("length-mismatch", `${count.value}个参数之后多出${r.remaining}字节`, r.offset);
  }
  return ok(items);
}

/** A parameter id as the standard writes it: four upper-case hex digits (more for maker ids). */
export const hexId = (id: number): string => id.toString(16).toUpperCase().padStart(4, "0");

/** Writes a 0x8103 body. */
export function encodeJt808ParamSet(items: readonly Jt808ParamItem[]): Result<Uint8Array, Jt808Error> {
  if (items.length === 0) return jt808Error("bad-number", "设置终端参数至少需要1个参数");
  return writeItems(items);
}

/** Reads a 0x8103 body. */
export function decodeJt808ParamSet(body: Uint8Array): Result<Jt808ParamItem[], Jt808Error> {
  return readItems(new Reader(body));
}

/** Writes a 0x8106 body (an empty id list is 0x8104's job: its body is empty). */
export function encodeJt808ParamQuery(ids: readonly number[]): Result<Uint8Array, Jt808Error> {
  if (ids.length === 0 || ids.length > 0xff) {
    return jt808Error("bad-number", `查询指定终端参数的参数总数为1–255，实际为${ids.length}`);
  }
  if (!ids.every((id) => isUint(id, 0xffffffff))) return jt808Error("bad-number", "参数ID应为DWORD");
  return ok(concat([Uint8Array.of(ids.length), ...ids.map((id) => uintBytes(id, 4))]));
}

/** Reads a 0x8106 body; an empty body reads as 0x8104's (every parameter: no ids). */
export function decodeJt808ParamQuery(body: Uint8Array): Result<number[], Jt808Error> {
  if (body.length === 0) return ok([]);
  const count = body[0] as number;
  if (body.length !== 1 + count * 4) {
    return jt808Error("length-mismatch", `${count}个参数ID应为${1 + count * 4}字节，实际为${body.length}字节`);
  }
  const r = new Reader(body.subarray(1));
  return ok(Array.from({ length: count }, () => (r.uint(4, "参数ID") as { value: number }).value));
}

/** Writes a 0x0104 body. */
export function encodeJt808ParamAnswer(answer: Jt808ParamAnswer): Result<Uint8Array, Jt808Error> {
  if (!isUint(answer.serial, 0xffff)) return jt808Error("bad-number", "应答流水号应为0–65535");
  const items = writeItems(answer.items);
  if (!items.ok) return items;
  return ok(concat([uintBytes(answer.serial, 2), items.value]));
}

/** Reads a 0x0104 body. */
export function decodeJt808ParamAnswer(body: Uint8Array): Result<Jt808ParamAnswer, Jt808Error> {
  const r = new Reader(body);
  const serial = r.uint(2, "应答流水号");
  if (!serial.ok) return serial;
  const items = readItems(r);
  if (!items.ok) return items;
  return ok({ serial: serial.value, items: items.value });
}
