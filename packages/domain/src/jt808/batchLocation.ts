import { ok, type Result } from "../shared/result";
import { concat, isUint, Reader, uintBytes } from "./bytes";
import { type Jt808Error, jt808Error } from "./errors";
import { decodeJt808Location, encodeJt808Location, type Jt808Location } from "./location";

/**
 * The 0x0704 batch location body (telematics-facts.md §4 "0704"): count WORD, type BYTE
 * (0 normal batch, 1 blind-area re-send), then per entry a WORD length and a 0x0200 body.
 * `type` keeps any byte a terminal sends; the count must equal the entries present.
 */
export interface Jt808BatchLocation {
  readonly type: number;
  readonly locations: readonly Jt808Location[];
}

/** 0x0704 `type`: normal batch report. */
export const JT808_BATCH_NORMAL = 0;
/** 0x0704 `type`: blind-area re-send (补报). */
export const JT808_BATCH_RESENT = 1;

/** Reads a 0x0704 body. */
export function decodeJt808BatchLocation(body: Uint8Array): Result<Jt808BatchLocation, Jt808Error> {
  const r = new Reader(body);
  const head = r.take(3, "数据项个数与位置数据类型");
  if (!head.ok) return head;
  const [c1, c2, type] = head.value as unknown as [number, number, number];
  const count = c1 * 256 + c2;
  const locations: Jt808Location[] = [];
  for (let i = 0; i < count; i++) {
    const length = r.uint(2, `第${i + 1}条位置的长度`);
    if (!length.ok) return length;
    const start = r.offset;
    const data = r.take(length.value, `第${i + 1}条位置`);
    if (!data.ok) return data;
    const report = decodeJt808Location(data.value);
    if (!report.ok) {
      return jt808Error(
        report.error.code,
        `第${i + 1}条位置：${report.error.message}`,
        start + (report.error.offset ?? 0),
      );
    }
    locations.push(report.value);
  }
  if (r.remaining > 0) {
    return jt808Error("length-mismatch", `数据项个数为${count}，其后多出${r.remaining}字节`, r.offset);
  }
  return ok({ type, locations });
}

/** Writes a 0x0704 body. */
export function encodeJt808BatchLocation(batch: Jt808BatchLocation): Result<Uint8Array, Jt808Error> {
  if (!isUint(batch.type, 0xff) || batch.locations.length > 0xffff) {
    return jt808Error("bad-number", "位置数据类型应为0–255，数据项不超过65535条");
  }
  const parts = [uintBytes(batch.locations.length, 2), Uint8Array.of(batch.type)];
  for (const report of batch.locations) {
    const body = encodeJt808Location(report);
    if (!body.ok) return body;
    parts.push(uintBytes(body.value.length, 2), body.value);
  }
  return ok(concat(parts));
}
