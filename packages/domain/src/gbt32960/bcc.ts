/**
 * GB/T 32960.3 check code: XOR of every byte from the command byte through the last byte of the
 * data unit (domain-notes.md). `from`/`to` bound the bytes covered, `to` exclusive.
 */
export function bcc(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let x = 0;
  for (const b of bytes.subarray(from, to)) x ^= b;
  return x;
}
