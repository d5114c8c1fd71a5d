import { ok, type Result } from "../../shared/result";
import { decodeCollectionTime, encodeCollectionTime, TIME_LENGTH } from "../collectionTime";
import { type FrameError, frameError } from "../errors";
import { bytesToHex, hexToBytes } from "../hex";
import { type ParamEntry, paramDef, paramIdText, paramValueProblem, STANDARD_PARAMS } from "./params";

/**
 * Data units of GB/T 32960.3's downlink (telematics-facts.md §2 ✔EQ,SN): the query 0x80
 * (time · n · n ids), the set 0x81 and the query's answer (time · n · n × {id, value}).
 * Text parameters travel after their length parameter (04 before 05, 0D before 0E): the
 * encoders write the length themselves, so callers never give it.
 */

const VERSION_BYTES = 5;
/** Largest number of parameters one unit can carry (n is one byte). */
export const MAX_PARAMS_PER_UNIT = 0xff;

/** A parameter query (0x80) as the terminal reads it. */
export interface ParamQuery {
  /** The command's time (epoch ms): the terminal's answer carries it back, which is how answers are matched. */
  readonly collectedAt: number;
  readonly ids: readonly number[];
}

/** A parameter list (the set 0x81, or the answer to a query). */
export interface ParamList {
  readonly collectedAt: number;
  readonly params: readonly ParamEntry[];
}

/** The ids on the wire: a text parameter's length id goes right before it (once). */
function wireIds(ids: readonly number[]): number[] {
  const out: number[] = [];
  for (const id of ids) {
    const lengthId = STANDARD_PARAMS.find((d) => d.id === id)?.lengthId;
    if (lengthId !== undefined && out[out.length - 1] !== lengthId) {
      const at = out.indexOf(lengthId);
      if (at >= 0) out.splice(at, 1);
      out.push(lengthId);
    }
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

/** Writes a query (0x80) asking for `ids`: each a standard (0x01–0x10) or maker (0x80–0xFE) id, no repeats. */
export function encodeParamQuery(query: ParamQuery): Result<Uint8Array, FrameError> {
  const time = encodeCollectionTime(query.collectedAt);
  if (!time.ok) return time;
  if (query.ids.length === 0) return frameError("bad-param", "请至少选择一个要查询的参数");
  for (const id of query.ids) {
    if (!paramDef(id)) return frameError("bad-param", `参数ID${paramIdText(id)}不是国标定义的参数`);
  }
  if (new Set(query.ids).size !== query.ids.length) return frameError("bad-param", "查询的参数ID有重复");
  // At most 16 standard and 127 maker ids exist, so n always fits its byte.
  const ids = wireIds(query.ids);
  return ok(Uint8Array.of(...time.value, ids.length, ...ids));
}

/** Reads a query (0x80): time, n, then exactly n known ids. */
export function decodeParamQuery(data: Uint8Array): Result<ParamQuery, FrameError> {
  if (data.length < TIME_LENGTH + 1) return frameError("truncated", "查询命令数据单元不足7字节");
  const time = decodeCollectionTime(data, 0);
  if (!time.ok) return time;
  const n = data[TIME_LENGTH] as number;
  if (data.length !== TIME_LENGTH + 1 + n) {
    return frameError("length-mismatch", `查询命令声明${n}个参数，实际有${data.length - TIME_LENGTH - 1}字节`);
  }
  const ids = Array.from(data.subarray(TIME_LENGTH + 1));
  const unknown = ids.find((id) => !paramDef(id));
  if (unknown !== undefined) {
    return frameError(
      "unsupported-type",
      `参数ID${paramIdText(unknown)}不是国标定义的参数`,
      TIME_LENGTH + 1 + ids.indexOf(unknown),
    );
  }
  return ok({ collectedAt: time.value, ids });
}

function valueBytes(entry: ParamEntry): Result<number[], FrameError> {
  const def = paramDef(entry.id);
  if (!def) return frameError("bad-param", `参数ID${paramIdText(entry.id)}不是国标定义的参数`);
  const { value } = entry;
  const bad = () => frameError("bad-param", `${def.name}的值“${String(value)}”无法写入`);
  switch (def.kind) {
    case "byte":
    case "length":
      return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 0xff ? ok([value]) : bad();
    case "word":
      return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 0xffff
        ? ok([value >> 8, value & 0xff])
        : bad();
    case "text":
    case "version": {
      const max = def.kind === "version" ? VERSION_BYTES : 0xff;
      if (typeof value !== "string" || value.length > max || !/^[\x20-\x7e]*$/.test(value)) return bad();
      const chars = Array.from(value, (c) => c.charCodeAt(0));
      while (def.kind === "version" && chars.length < VERSION_BYTES) chars.push(0);
      return ok(chars);
    }
    default: {
      const bytes = typeof value === "string" ? hexToBytes(value) : undefined;
      return bytes?.ok ? ok(Array.from(bytes.value)) : bad();
    }
  }
}

/**
 * Writes a parameter list as it travels (time · n · {id, value}…): the answer a terminal gives
 * to a query. Length parameters given are ignored: each text's length is written from the text.
 * Only the wire is checked here; {@link encodeParamSet} checks what an operator may set.
 */
export function encodeParamList(list: ParamList): Result<Uint8Array, FrameError> {
  const time = encodeCollectionTime(list.collectedAt);
  if (!time.ok) return time;
  const out: number[] = [];
  let n = 0;
  for (const entry of list.params) {
    const def = paramDef(entry.id);
    if (def?.kind === "length") continue;
    const bytes = valueBytes(entry);
    if (!bytes.ok) return bytes;
    if (def?.lengthId !== undefined) {
      out.push(def.lengthId, bytes.value.length);
      n++;
    }
    out.push(entry.id, ...bytes.value);
    n++;
  }
  if (n === 0) return frameError("bad-param", "请至少填写一个参数");
  if (n > MAX_PARAMS_PER_UNIT) return frameError("bad-count", `一次最多${MAX_PARAMS_PER_UNIT}个参数`);
  return ok(Uint8Array.of(...time.value, n, ...out));
}

/** Writes a set command (0x81) after checking every value ({@link paramValueProblem}) and repeats. */
export function encodeParamSet(list: ParamList): Result<Uint8Array, FrameError> {
  for (const entry of list.params) {
    const problem = paramValueProblem(entry.id, entry.value);
    if (problem) return frameError("bad-param", problem);
  }
  if (new Set(list.params.map((p) => p.id)).size !== list.params.length) {
    return frameError("bad-param", "设置的参数ID有重复");
  }
  return encodeParamList(list);
}

/**
 * Reads a parameter list (a set command, or a query's answer). A text's length comes from its
 * length parameter earlier in the unit. A maker parameter (0x80–0xFE) carries no length in the
 * standard, so it is read as the rest of the unit when it is the last one; anywhere else the
 * unit cannot be read on (`unsupported-type`), rather than guessing.
 */
export function decodeParamList(data: Uint8Array): Result<ParamList, FrameError> {
  if (data.length < TIME_LENGTH + 1) return frameError("truncated", "参数数据单元不足7字节");
  const time = decodeCollectionTime(data, 0);
  if (!time.ok) return time;
  const n = data[TIME_LENGTH] as number;
  const params: ParamEntry[] = [];
  const lengths = new Map<number, number>();
  let at = TIME_LENGTH + 1;
  const take = (size: number, name: string): Result<Uint8Array, FrameError> => {
    if (at + size > data.length) {
      return frameError("truncated", `${name}需要${size}字节，数据单元只剩${data.length - at}字节`, at);
    }
    at += size;
    return ok(data.subarray(at - size, at));
  };
  for (let i = 0; i < n; i++) {
    if (at >= data.length) return frameError("truncated", `声明${n}个参数，只读到${i}个`, at);
    const id = data[at++] as number;
    const def = paramDef(id);
    if (!def) return frameError("unsupported-type", `参数ID${paramIdText(id)}不是国标定义的参数`, at - 1);
    let size: number;
    if (def.kind === "byte" || def.kind === "length") size = 1;
    else if (def.kind === "word") size = 2;
    else if (def.kind === "version") size = VERSION_BYTES;
    else if (def.kind === "text") {
      const length = lengths.get(def.lengthId as number);
      if (length === undefined) {
        return frameError("bad-param", `${def.name}之前缺少其长度参数${paramIdText(def.lengthId as number)}`, at - 1);
      }
      size = length;
    } else {
      if (i !== n - 1)
        return frameError("unsupported-type", `自定义参数${paramIdText(id)}长度未知，只能位于最后`, at - 1);
      size = data.length - at;
    }
    const bytes = take(size, def.name);
    if (!bytes.ok) return bytes;
    const b = bytes.value;
    if (def.kind === "byte" || def.kind === "length") {
      const value = b[0] as number;
      if (def.kind === "length") lengths.set(id, value);
      params.push({ id, value });
    } else if (def.kind === "word") {
      params.push({ id, value: ((b[0] as number) << 8) | (b[1] as number) });
    } else if (def.kind === "oem") {
      params.push({ id, value: bytesToHex(b) });
    } else {
      let end = b.length;
      while (end > 0 && b[end - 1] === 0) end--;
      const text = b.subarray(0, end);
      if (text.some((c) => c < 0x20 || c > 0x7e))
        return frameError("bad-ascii", `${def.name}含非ASCII可见字符`, at - size);
      params.push({ id, value: String.fromCharCode(...text) });
    }
  }
  if (at !== data.length) return frameError("length-mismatch", `${n}个参数之后多出${data.length - at}字节`, at);
  return ok({ collectedAt: time.value, params });
}

/**
 * Reads the time an answer to a set (0x81) or control (0x82) command carries: the command's
 * own time echoed (the answer's response flag says success or failure).
 */
export function decodeAnswerTime(data: Uint8Array): Result<number, FrameError> {
  if (data.length < TIME_LENGTH) return frameError("truncated", "应答数据单元不足6字节");
  return decodeCollectionTime(data, 0);
}
