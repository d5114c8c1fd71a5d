import { Inflate } from "fflate";

/**
 * The parts of an .xlsx read straight from its ZIP in memory (the upload is at most 10 MB): the
 * central directory at the end says where each entry is, so the parts are read in the order the
 * reader needs — shared strings and styles before the worksheet — whatever order the writer put
 * them in, and a part is inflated chunk by chunk only as far as it is read. Stored and deflated
 * entries are read (all an .xlsx uses); ZIP64 sizes and offsets too. Every inconsistency throws
 * (the caller answers the format message).
 */
export interface ZipPart {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  offset: number;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U32_MAX = 0xffffffff;

/** Compressed bytes handed to the inflater at a time: ~10× that of sheet XML comes out (so one step stays small). */
const INPUT_CHUNK = 16 * 1024;

function fail(why: string): never {
  throw new Error(`not a readable ZIP: ${why}`);
}

/** The ZIP's entries by their name in lower case (part names are case-insensitive); the first of a repeated name wins. */
export function zipParts(buf: Buffer): Map<string, ZipPart> {
  const eocd = findEocd(buf);
  let count = buf.readUInt16LE(eocd + 10);
  let dirOffset: number = buf.readUInt32LE(eocd + 16);
  if (dirOffset === U32_MAX || count === 0xffff) {
    const locator = eocd - 20;
    if (locator < 0 || buf.readUInt32LE(locator) !== EOCD64_LOCATOR) fail("ZIP64 locator missing");
    const at = Number(buf.readBigUInt64LE(locator + 8));
    if (at + 56 > buf.length || buf.readUInt32LE(at) !== EOCD64) fail("ZIP64 end record missing");
    count = Number(buf.readBigUInt64LE(at + 32));
    dirOffset = Number(buf.readBigUInt64LE(at + 48));
  }
  const parts = new Map<string, ZipPart>();
  let p = dirOffset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) fail("central directory broken");
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let offset = buf.readUInt32LE(p + 42);
    const nameAt = p + 46;
    const extraAt = nameAt + nameLen;
    if (extraAt + extraLen + commentLen > buf.length) fail("central directory broken");
    const name = buf.toString("utf8", nameAt, extraAt);
    // ZIP64: the sizes and offset that did not fit are in extra field 0x0001, in this order.
    for (let e = extraAt; e + 4 <= extraAt + extraLen; ) {
      const id = buf.readUInt16LE(e);
      const len = buf.readUInt16LE(e + 2);
      if (id === 1) {
        let f = e + 4;
        const next = () => {
          if (f + 8 > e + 4 + len) fail("ZIP64 field short");
          const v = Number(buf.readBigUInt64LE(f));
          f += 8;
          return v;
        };
        if (size === U32_MAX) size = next();
        if (compressedSize === U32_MAX) compressedSize = next();
        if (offset === U32_MAX) offset = next();
      }
      e += 4 + len;
    }
    if (flags & 1) fail(`${name} is encrypted`);
    const key = name.toLowerCase();
    if (!parts.has(key)) parts.set(key, { name, method, compressedSize, size, offset });
    p = extraAt + extraLen + commentLen;
  }
  return parts;
}

/** The end-of-central-directory record: the last 22 bytes, or further back past a ZIP comment. */
function findEocd(buf: Buffer): number {
  const last = buf.length - 22;
  for (let i = last; i >= 0 && i >= last - 0xffff; i--) {
    if (buf.readUInt32LE(i) === EOCD) return i;
  }
  fail("end of central directory missing");
}

/** The entry's bytes as stored (compressed), after its local header. */
function storedBytes(buf: Buffer, part: ZipPart): Buffer {
  const p = part.offset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL) fail(`${part.name}: local header missing`);
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  if (start + part.compressedSize > buf.length) fail(`${part.name}: cut short`);
  return buf.subarray(start, start + part.compressedSize);
}

/**
 * The entry's content as UTF-8 text, chunk by chunk, inflated only as the caller asks for the
 * next chunk (stopping early leaves the rest compressed). The total is checked against the size
 * the directory gives, so a cut or altered entry throws rather than reading short.
 */
export function* partText(buf: Buffer, part: ZipPart): Generator<string> {
  if (part.method !== 0 && part.method !== 8) fail(`${part.name}: compression method ${part.method}`);
  const data = storedBytes(buf, part);
  const decoder = new TextDecoder("utf-8");
  let out = 0;
  let text = "";
  const inflater =
    part.method === 8
      ? new Inflate((chunk) => {
          out += chunk.length;
          text += decoder.decode(chunk, { stream: true });
        })
      : null;
  for (let at = 0; at < data.length || at === 0; at += INPUT_CHUNK) {
    const input = data.subarray(at, at + INPUT_CHUNK);
    const final = at + INPUT_CHUNK >= data.length;
    if (inflater) inflater.push(input, final);
    else {
      out += input.length;
      text += decoder.decode(input, { stream: !final });
    }
    if (out > part.size) fail(`${part.name}: longer than its directory entry says`);
    if (final) {
      if (inflater) text += decoder.decode();
      if (out !== part.size) fail(`${part.name}: shorter than its directory entry says`);
    }
    if (text.length > 0) yield text;
    text = "";
  }
}
