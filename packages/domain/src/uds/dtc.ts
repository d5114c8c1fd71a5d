import { DTC_STATUS_BITS } from "./codes";

/** One DTC of a 0x19 answer: its code text, raw number, status byte and the set status bits. */
export interface DecodedDtc {
  /** SAE J2012 text of the 2-byte code plus the failure-type byte: `P0A1F-00`. */
  readonly code: string;
  /** The three bytes as one number (0x0A1F00). */
  readonly value: number;
  readonly status: number;
  /** Names of the set status bits, bit 0 first. */
  readonly statusBits: readonly string[];
}

const SYSTEMS = ["P", "C", "B", "U"] as const;
const hex = (n: number, width: number) => n.toString(16).padStart(width, "0").toUpperCase();

/**
 * The text of a 3-byte DTC (ISO 14229-1 DTCFormat SAE J2012-DA): bits 15–14 of the first two
 * bytes are the system (P powertrain, C chassis, B body, U network), bits 13–12 the first digit
 * 0–3, then three hex digits; the third byte is the failure type, written after a dash.
 */
export function dtcText(value: number): string {
  const high = (value >> 16) & 0xff;
  const system = SYSTEMS[high >> 6] as string;
  const first = (high >> 4) & 0x03;
  const rest = hex((value >> 8) & 0xfff, 3);
  return `${system}${first}${rest}-${hex(value & 0xff, 2)}`;
}

/** Names of the status bits set in a DTC status byte. */
export function dtcStatusBits(status: number): string[] {
  return DTC_STATUS_BITS.filter((_, bit) => (status >> bit) & 1).map((b) => b.name);
}

/** A DTC from its three bytes and status byte. */
export function decodeDtc(value: number, status: number): DecodedDtc {
  return { code: dtcText(value), value, status, statusBits: dtcStatusBits(status) };
}
