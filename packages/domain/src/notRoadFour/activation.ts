import { asciiToString, isPrintableAscii, isPrintableAsciiText, stringToAscii } from "../gbt32960/ascii";
import { COMMAND } from "../gbt32960/codes";
import { decodeCollectionTime, encodeCollectionTime, TIME_LENGTH } from "../gbt32960/collectionTime";
import { type FrameError, frameError } from "../gbt32960/errors";
import { decodeFrame, encodeFrame } from "../gbt32960/frame";
import { bytesToHex } from "../gbt32960/hex";
import { err, ok, type Result } from "../shared/result";

/**
 * 终端远程激活 (HJ 1322 / GB/T 32960-2025: commands 0x09 激活 and 0x0A 激活应答, telematics-facts.md).
 * The standard's body layout is not in the facts; this one is designed (openapi x-designed on
 * requestTerminalActivation) and byte-exact both ways:
 *
 * 0x09 激活 (terminal → platform, response flag 0xFE, the VIN field = the machine's PIN):
 *   time 6 · serial 2 · chip id length 1 + ASCII · public key length 1 + bytes (SM2, 65: 04‖X‖Y)
 *   · terminal id length 1 + ASCII.
 * 0x0A 激活应答 (platform → terminal, response flag 0x01 success / 0x02 error):
 *   time 6 · the request's serial 2 · result 1 (ACTIVATION_RESULT).
 */

/** Activation states of a terminal: 待激活 → 激活中 → 已激活 / 激活失败. */
export type ActivationState = "inactive" | "activating" | "active" | "failed";

export const ACTIVATION_STATE_LABELS: Readonly<Record<ActivationState, string>> = {
  inactive: "待激活",
  activating: "激活中",
  active: "已激活",
  failed: "激活失败",
};

export const isActivationState = (v: unknown): v is ActivationState =>
  typeof v === "string" && Object.hasOwn(ACTIVATION_STATE_LABELS, v);

/** The result byte of 0x0A and its reason (the history's 失败原因). */
export const ACTIVATION_RESULT = {
  ok: 0x01,
  chipMismatch: 0x02,
  keyMismatch: 0x03,
  notRegistered: 0x04,
  badKey: 0x05,
} as const;
export type ActivationResultCode = keyof typeof ACTIVATION_RESULT;

export const ACTIVATION_RESULT_LABELS: Readonly<Record<ActivationResultCode, string>> = {
  ok: "激活成功",
  chipMismatch: "安全芯片编号与监管终端登记不一致",
  keyMismatch: "公钥与已激活记录不一致，须先做密钥同步",
  notRegistered: "终端未在监管终端管理中登记或未绑定机械",
  badKey: "公钥不是有效的SM2公钥（65字节，04开头）",
};

/** SM2 public key in uncompressed form: 0x04 ‖ X (32) ‖ Y (32). */
export const SM2_PUBLIC_KEY_LENGTH = 65;

/** What a terminal sends to be activated (0x09). */
export interface ActivationRequest {
  readonly pin: string;
  readonly at: number;
  readonly serial: number;
  readonly chipId: string;
  /** Upper-case hex of the public key bytes. */
  readonly publicKey: string;
  readonly terminalId: string;
}

/** The platform's answer (0x0A). */
export interface ActivationAnswer {
  readonly pin: string;
  readonly at: number;
  readonly serial: number;
  readonly result: ActivationResultCode;
}

const lengthPrefixed = (bytes: Uint8Array) => Uint8Array.of(bytes.length, ...bytes);

function hexBytes(hex: string): Uint8Array | null {
  if (!/^([0-9A-Fa-f]{2})*$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}

/** Writes a 0x09 activation frame (2025 edition, no encryption); hex, upper case. */
export function encodeActivationRequest(req: ActivationRequest): Result<string, FrameError> {
  const time = encodeCollectionTime(req.at);
  if (!time.ok) return time;
  const key = hexBytes(req.publicKey);
  if (key === null || key.length > 0xff) return frameError("bad-number", "公钥必须为不超过255字节的十六进制");
  for (const text of [req.chipId, req.terminalId]) {
    if (text.length === 0 || text.length > 0xff || !isPrintableAsciiText(text))
      return frameError("bad-ascii", "芯片编号和终端编号必须为1–255个ASCII可见字符");
  }
  if (!Number.isInteger(req.serial) || req.serial < 0 || req.serial > 0xffff)
    return frameError("bad-number", `流水号${req.serial}不是0–65535的整数`);
  const data = Uint8Array.of(
    ...time.value,
    req.serial >> 8,
    req.serial & 0xff,
    ...lengthPrefixed(stringToAscii(req.chipId)),
    ...lengthPrefixed(key),
    ...lengthPrefixed(stringToAscii(req.terminalId)),
  );
  const frame = encodeFrame({
    edition: 2025,
    command: COMMAND.activation,
    responseFlag: 0xfe,
    vin: req.pin,
    encryption: 0x01,
    data,
  });
  return frame.ok ? ok(bytesToHex(frame.value)) : frame;
}

/** Reads one length-prefixed field at `at`; null when it runs past the end. */
function field(data: Uint8Array, at: number): Uint8Array | null {
  const n = data[at];
  if (n === undefined || at + 1 + n > data.length) return null;
  return data.subarray(at + 1, at + 1 + n);
}

/** Reads a 0x09 activation frame: the frame's checks, then the body's fields to the last byte. */
export function decodeActivationRequest(input: string | Uint8Array): Result<ActivationRequest, FrameError> {
  const frame = decodeFrame(input);
  if (!frame.ok) return frame;
  const { command, data, vin } = frame.value;
  if (command !== COMMAND.activation) return frameError("bad-number", `命令标识应为0x09（激活），实际为${command}`, 2);
  if (data.length < TIME_LENGTH + 2) return frameError("truncated", "激活数据单元不足8字节", 24);
  const at = decodeCollectionTime(data, 0);
  if (!at.ok) return at;
  const serial = ((data[6] as number) << 8) | (data[7] as number);
  const chip = field(data, 8);
  const key = chip && field(data, 9 + chip.length);
  const terminal = chip && key && field(data, 10 + chip.length + key.length);
  if (!chip || !key || !terminal || 11 + chip.length + key.length + terminal.length !== data.length)
    return frameError("length-mismatch", "激活数据单元的字段长度与数据单元长度不符", 24);
  if (!isPrintableAscii(chip) || !isPrintableAscii(terminal))
    return frameError("bad-ascii", "芯片编号或终端编号含非ASCII可见字符", 24);
  return ok({
    pin: vin,
    at: at.value,
    serial,
    chipId: asciiToString(chip),
    publicKey: bytesToHex(key),
    terminalId: asciiToString(terminal),
  });
}

/** Writes the platform's 0x0A answer; the response flag says success or error. */
export function encodeActivationAnswer(answer: ActivationAnswer): Result<string, FrameError> {
  const time = encodeCollectionTime(answer.at);
  if (!time.ok) return time;
  const frame = encodeFrame({
    edition: 2025,
    command: COMMAND.activationResult,
    responseFlag: answer.result === "ok" ? 0x01 : 0x02,
    vin: answer.pin,
    encryption: 0x01,
    data: Uint8Array.of(
      ...time.value,
      (answer.serial >> 8) & 0xff,
      answer.serial & 0xff,
      ACTIVATION_RESULT[answer.result],
    ),
  });
  return frame.ok ? ok(bytesToHex(frame.value)) : frame;
}

/** Reads a 0x0A answer (what a terminal, or a test, reads back). */
export function decodeActivationAnswer(input: string | Uint8Array): Result<ActivationAnswer, FrameError> {
  const frame = decodeFrame(input);
  if (!frame.ok) return frame;
  const { command, data, vin } = frame.value;
  if (command !== COMMAND.activationResult)
    return frameError("bad-number", `命令标识应为0x0A（激活应答），实际为${command}`, 2);
  if (data.length !== TIME_LENGTH + 3) return frameError("length-mismatch", "激活应答数据单元应为9字节", 24);
  const at = decodeCollectionTime(data, 0);
  if (!at.ok) return at;
  const code = data[8] as number;
  const result = (Object.keys(ACTIVATION_RESULT) as ActivationResultCode[]).find((k) => ACTIVATION_RESULT[k] === code);
  if (result === undefined) return frameError("bad-number", `激活结果${code}未定义`, 32);
  return ok({ pin: vin, at: at.value, serial: ((data[6] as number) << 8) | (data[7] as number), result });
}

/** What the platform holds about a terminal when it judges an activation. */
export interface ActivationTerminal {
  /** The terminal is in 监管终端管理 and bound to this PIN. */
  readonly registered: boolean;
  readonly chipId: string;
  /** The public key of its last successful activation (upper-case hex), if any. */
  readonly activeKey: string | null;
}

/**
 * The platform's judgement of a 0x09 request: registered and bound, the chip id equal to the
 * registered one, a well-formed SM2 key, and — once activated — the same key (a new key comes
 * through key sync 0x0B, not a second activation).
 */
export function judgeActivation(terminal: ActivationTerminal, req: ActivationRequest): ActivationResultCode {
  if (!terminal.registered) return "notRegistered";
  if (req.chipId !== terminal.chipId) return "chipMismatch";
  if (req.publicKey.length !== SM2_PUBLIC_KEY_LENGTH * 2 || !req.publicKey.startsWith("04")) return "badKey";
  if (terminal.activeKey !== null && terminal.activeKey !== req.publicKey) return "keyMismatch";
  return "ok";
}

/** The state a judged request leaves the terminal in. */
export const stateAfter = (result: ActivationResultCode): ActivationState => (result === "ok" ? "active" : "failed");

/** Whether an operator may ask for an activation now: not while one is awaited. */
export function canRequestActivation(state: ActivationState): Result<true, string> {
  return state === "activating" ? err("该终端正在激活中，请等待终端上报激活报文") : ok(true);
}
