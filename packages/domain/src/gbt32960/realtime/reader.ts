/**
 * A cursor over a real-time data unit. Items of GB/T 32960.3 carry no length of their own (the
 * OEM items excepted), so a short item can only be found while reading it: every read checks
 * the bytes are there and otherwise throws {@link ItemTruncated}, which the data-unit decoder
 * (the only caller) turns into a `truncated` error result — nothing outside this folder sees it.
 */
export class ItemTruncated extends Error {
  constructor(
    readonly offset: number,
    readonly needed: number,
    readonly left: number,
  ) {
    super(`truncated at ${offset}`);
  }
}

export class ByteReader {
  offset = 0;

  constructor(readonly bytes: Uint8Array) {}

  /** Bytes not read yet. */
  get left(): number {
    return this.bytes.length - this.offset;
  }

  private need(count: number): void {
    if (count > this.left) throw new ItemTruncated(this.offset, count, this.left);
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.offset++] as number;
  }

  u16(): number {
    this.need(2);
    return (this.u8() << 8) | this.u8();
  }

  u32(): number {
    this.need(4);
    return this.u16() * 0x10000 + this.u16();
  }

  /** The next byte without moving on (undefined at the end). */
  peek(): number | undefined {
    return this.bytes[this.offset];
  }

  take(count: number): Uint8Array {
    this.need(count);
    const out = this.bytes.slice(this.offset, this.offset + count);
    this.offset += count;
    return out;
  }

  /** `count` values read by `read`, checking first that `count × size` bytes are there. */
  list<T>(count: number, size: number, read: () => T): T[] {
    this.need(count * size);
    return Array.from({ length: count }, read);
  }
}
