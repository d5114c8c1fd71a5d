import { type Coded, readCoded } from "./quantity";
import type { ByteReader } from "./reader";

/**
 * The 2025 edition's signature after the last information item (①rtm_con): 0xFF, algorithm,
 * then r and s each with a WORD length. It covers the data unit from the collection time to
 * the last item (`signedLength` bytes); checking it needs the vehicle's key and is left to
 * the caller.
 */
export interface RealtimeSignature {
  /** 签名算法: 1 SM2, 2 RSA, 3 ECC. */
  readonly algorithm: Coded;
  readonly r: Uint8Array;
  readonly s: Uint8Array;
  /** Bytes of the data unit the signature covers (from offset 0). */
  readonly signedLength: number;
}

const ALGORITHMS = new Map([
  [1, "SM2"],
  [2, "RSA"],
  [3, "ECC"],
]);

/** Reads the signature block; the reader stands on its 0xFF starter. */
export function readSignature(reader: ByteReader): RealtimeSignature {
  const signedLength = reader.offset;
  reader.u8();
  const algorithm = readCoded(reader, ALGORITHMS);
  const r = reader.take(reader.u16());
  const s = reader.take(reader.u16());
  return { algorithm, r, s, signedLength };
}
