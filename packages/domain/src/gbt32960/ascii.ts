/**
 * ASCII fields of GB/T 32960 (VIN, ICCID, subsystem codes; domain-notes.md). The domain has no
 * TextEncoder (no DOM library), and the standard allows only ASCII, so these are done by hand.
 */

/** True when every byte is printable ASCII (0x20–0x7E). */
export function isPrintableAscii(bytes: Uint8Array): boolean {
  return bytes.every((b) => b >= 0x20 && b <= 0x7e);
}

/** Bytes → string, one character per byte (callers check {@link isPrintableAscii} first). */
export function asciiToString(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

/** True when every character of `text` is printable ASCII. */
export function isPrintableAsciiText(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

/** String → bytes, one byte per character (callers check {@link isPrintableAsciiText} first). */
export function stringToAscii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
