import {
  decodeFrame,
  decodeUdsUnit,
  encodeUdsUnit,
  type FrameError,
  hexToBytes,
  isUdsUnit,
  type Result,
  type UdsEcuAddress,
  type UdsRequest,
  udsNegativeReason,
  udsRequestBytes,
} from "@tsp/domain";

/** A UDS diagnosis command's params (JSON in gateway_command.params): the ECU and the request. */
export interface UdsCommandParams {
  readonly ecu: UdsEcuAddress & { readonly name: string };
  readonly uds: UdsRequest;
}

/** The data unit of a UDS diagnosis: GB/T 32960 0x82 · 0x81 (designed, @tsp/domain `encodeUdsUnit`). */
export function udsCommandData(params: string, wireTime: number): Result<Uint8Array, FrameError> {
  const p = JSON.parse(params) as UdsCommandParams;
  return encodeUdsUnit({ collectedAt: wireTime, ecu: p.ecu, data: udsRequestBytes(p.uds) });
}

/** Why a diagnosis failed when the terminal answered 02: the ECU gave no response. */
export const UDS_NO_RESPONSE = "ECU无响应：终端在P2*时间内未收到ECU的响应";

/**
 * Why a 0x82 answer fails a UDS diagnosis (null: it succeeded), or undefined when the answer is
 * not a diagnosis's. Flag 01 carries the ECU's response (the answer frame is kept whole in
 * answer_hex and decoded on read against the request — `udsResponseOf`); a negative response
 * fails the command with the NRC's name; flag 02 with time · 0x81 alone: the ECU did not answer.
 */
export function udsAnswerReason(data: Uint8Array, responseFlag: number): string | null | undefined {
  if (!isUdsUnit(data)) return undefined;
  if (responseFlag !== 0x01) return UDS_NO_RESPONSE;
  const unit = decodeUdsUnit(data);
  if (!unit.ok) return `终端应答无法解析：${unit.error.message}`;
  return udsNegativeReason(unit.value.data) ?? null;
}

/** The ECU's response bytes in a kept answer frame (hex), or null when it carries none. */
export function udsResponseOf(answerHex: string | null): Uint8Array | null {
  if (answerHex === null) return null;
  const bytes = hexToBytes(answerHex);
  const frame = bytes.ok ? decodeFrame(bytes.value) : bytes;
  if (!frame.ok || frame.value.responseFlag !== 0x01 || !isUdsUnit(frame.value.data)) return null;
  const unit = decodeUdsUnit(frame.value.data);
  return unit.ok ? unit.value.data : null;
}
