import { asciiToString, isPrintableAscii, isPrintableAsciiText, stringToAscii } from "../gbt32960/ascii";
import { COMMAND } from "../gbt32960/codes";
import { decodeCollectionTime, encodeCollectionTime, TIME_LENGTH } from "../gbt32960/collectionTime";
import { type FrameError, frameError } from "../gbt32960/errors";
import { decodeFrame, encodeFrame } from "../gbt32960/frame";
import { bytesToHex } from "../gbt32960/hex";
import { ok, type Result } from "../shared/result";
import { SM2_PUBLIC_KEY_LENGTH } from "./activation";

/**
 * 密钥同步 (GB/T 32960-2025 / HJ 1322 command 0x0B, telematics-facts.md names the command only).
 * Designed (openapi x-designed on listTerminalActivationHistory), byte-exact both ways:
 *
 * The terminal starts it — after it generated a new SM2 key pair in its security chip (a chip
 * replaced, a key expired) — since only the terminal holds the private key; the platform only
 * stores the public key it verifies signatures with.
 *
 * 0x0B 密钥同步 (terminal → platform, response flag 0xFE, the VIN field = the machine's PIN):
 *   time 6 · serial 2 · chip id length 1 + ASCII · key version WORD · public key length 1 + bytes
 *   (SM2, 65: 04‖X‖Y) · terminal id length 1 + ASCII.
 * The answer is the same command with the response flag (the standard's answer scheme; 0x01
 * success / 0x02 error): time 6 · the request's serial 2 · result 1 (KEY_SYNC_RESULT) · the key
 * version the platform holds now WORD (the new one on success, the old one — 0 for none — else).
 *
 * The key version is the terminal's counter: a sync is taken only with a version above the one
 * stored, so a replayed or delayed old 0x0B never rolls the key back.
 */

export const KEY_SYNC_RESULT = {
  ok: 0x01,
  chipMismatch: 0x02,
  notActivated: 0x03,
  staleVersion: 0x04,
  badKey: 0x05,
  notRegistered: 0x06,
} as const;
export type KeySyncResultCode = keyof typeof KEY_SYNC_RESULT;

export const KEY_SYNC_RESULT_LABELS: Readonly<Record<KeySyncResultCode, string>> = {
  ok: "密钥同步成功",
  chipMismatch: "安全芯片编号与监管终端登记不一致",
  notActivated: "终端尚未激活，须先完成激活",
  staleVersion: "密钥版本不高于平台已存版本（旧报文或重放）",
  badKey: "公钥不是有效的SM2公钥（65字节，04开头）",
  notRegistered: "终端未在监管终端管理中登记或未绑定机械",
};

/** What a terminal sends to sync its key (0x0B). */
export interface KeySyncRequest {
  readonly pin: string;
  readonly at: number;
  readonly serial: number;
  readonly chipId: string;
  /** 1–65535, rising with every new key of the terminal. */
  readonly keyVersion: number;
  /** Upper-case hex of the public key bytes. */
  readonly publicKey: string;
  readonly terminalId: string;
}

/** The platform's answer (0x0B with a response flag). */
export interface KeySyncAnswer {
  readonly pin: string;
  readonly at: number;
  readonly serial: number;
  readonly result: KeySyncResultCode;
  /** The version the platform holds after this sync (0: none). */
  readonly keyVersion: number;
}

const isWord = (n: number) => Number.isInteger(n) && n >= 0 && n <= 0xffff;
const word = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const lengthPrefixed = (bytes: Uint8Array) => Uint8Array.of(bytes.length, ...bytes);

/** Writes a 0x0B key sync frame (2025 edition, no encryption); hex, upper case. */
export function encodeKeySyncRequest(req: KeySyncRequest): Result<string, FrameError> {
  const time = encodeCollectionTime(req.at);
  if (!time.ok) return time;
  if (!/^([0-9A-Fa-f]{2}){0,255}$/.test(req.publicKey))
    return frameError("bad-number", "公钥必须为不超过255字节的十六进制");
  for (const text of [req.chipId, req.terminalId]) {
    if (text.length === 0 || text.length > 0xff || !isPrintableAsciiText(text))
      return frameError("bad-ascii", "芯片编号和终端编号必须为1–255个ASCII可见字符");
  }
  if (!isWord(req.serial)) return frameError("bad-number", `流水号${req.serial}不是0–65535的整数`);
  if (!isWord(req.keyVersion) || req.keyVersion === 0)
    return frameError("bad-number", `密钥版本${req.keyVersion}不是1–65535的整数`);
  const key = Uint8Array.from(req.publicKey.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
  const frame = encodeFrame({
    edition: 2025,
    command: COMMAND.keySync,
    responseFlag: 0xfe,
    vin: req.pin,
    encryption: 0x01,
    data: Uint8Array.of(
      ...time.value,
      ...word(req.serial),
      ...lengthPrefixed(stringToAscii(req.chipId)),
      ...word(req.keyVersion),
      ...lengthPrefixed(key),
      ...lengthPrefixed(stringToAscii(req.terminalId)),
    ),
  });
  return frame.ok ? ok(bytesToHex(frame.value)) : frame;
}

/** Reads one length-prefixed field at `at`; null when it runs past the end. */
function field(data: Uint8Array, at: number): Uint8Array | null {
  const n = data[at];
  if (n === undefined || at + 1 + n > data.length) return null;
  return data.subarray(at + 1, at + 1 + n);
}

const wordAt = (data: Uint8Array, at: number) => ((data[at] as number) << 8) | (data[at + 1] as number);

/** Reads a 0x0B key sync frame a terminal sent: the frame's checks, then every field to the last byte. */
export function decodeKeySyncRequest(input: string | Uint8Array): Result<KeySyncRequest, FrameError> {
  const frame = decodeFrame(input);
  if (!frame.ok) return frame;
  const { command, data, vin } = frame.value;
  if (command !== COMMAND.keySync) return frameError("bad-number", `命令标识应为0x0B（密钥同步），实际为${command}`, 2);
  if (data.length < TIME_LENGTH + 2) return frameError("truncated", "密钥同步数据单元不足8字节", 24);
  const at = decodeCollectionTime(data, 0);
  if (!at.ok) return at;
  const chip = field(data, 8);
  // The version WORD follows the chip id; the key's length byte follows the version.
  const versionAt = chip ? 9 + chip.length : data.length;
  const key = versionAt + 2 <= data.length ? field(data, versionAt + 2) : null;
  const terminal = chip && key && field(data, versionAt + 3 + key.length);
  if (!chip || !key || !terminal || versionAt + 4 + key.length + terminal.length !== data.length)
    return frameError("length-mismatch", "密钥同步数据单元的字段长度与数据单元长度不符", 24);
  if (!isPrintableAscii(chip) || !isPrintableAscii(terminal))
    return frameError("bad-ascii", "芯片编号或终端编号含非ASCII可见字符", 24);
  return ok({
    pin: vin,
    at: at.value,
    serial: wordAt(data, 6),
    chipId: asciiToString(chip),
    keyVersion: wordAt(data, versionAt),
    publicKey: bytesToHex(key),
    terminalId: asciiToString(terminal),
  });
}

/** Writes the platform's answer: 0x0B with flag 0x01 (success) or 0x02 (error). */
export function encodeKeySyncAnswer(answer: KeySyncAnswer): Result<string, FrameError> {
  const time = encodeCollectionTime(answer.at);
  if (!time.ok) return time;
  if (!isWord(answer.keyVersion)) return frameError("bad-number", `密钥版本${answer.keyVersion}不是0–65535的整数`);
  const frame = encodeFrame({
    edition: 2025,
    command: COMMAND.keySync,
    responseFlag: answer.result === "ok" ? 0x01 : 0x02,
    vin: answer.pin,
    encryption: 0x01,
    data: Uint8Array.of(
      ...time.value,
      ...word(answer.serial),
      KEY_SYNC_RESULT[answer.result],
      ...word(answer.keyVersion),
    ),
  });
  return frame.ok ? ok(bytesToHex(frame.value)) : frame;
}

/** Reads the platform's answer to a 0x0B (what a terminal, or a test, reads back). */
export function decodeKeySyncAnswer(input: string | Uint8Array): Result<KeySyncAnswer, FrameError> {
  const frame = decodeFrame(input);
  if (!frame.ok) return frame;
  const { command, data, vin, responseFlag } = frame.value;
  if (command !== COMMAND.keySync || responseFlag === 0xfe)
    return frameError("bad-number", `不是密钥同步应答（命令${command}，应答标志${responseFlag}）`, 2);
  if (data.length !== TIME_LENGTH + 5) return frameError("length-mismatch", "密钥同步应答数据单元应为11字节", 24);
  const at = decodeCollectionTime(data, 0);
  if (!at.ok) return at;
  const code = data[8] as number;
  const result = (Object.keys(KEY_SYNC_RESULT) as KeySyncResultCode[]).find((k) => KEY_SYNC_RESULT[k] === code);
  if (result === undefined) return frameError("bad-number", `密钥同步结果${code}未定义`, 32);
  return ok({ pin: vin, at: at.value, serial: wordAt(data, 6), result, keyVersion: wordAt(data, 9) });
}

/** What the platform holds about a terminal when it judges a key sync. */
export interface KeySyncTerminal {
  /** In 监管终端管理 and bound to the frame's PIN. */
  readonly registered: boolean;
  readonly chipId: string;
  /** 已激活 now. */
  readonly active: boolean;
  /** The version of the key stored (null: the activation's key, version 0). */
  readonly keyVersion: number | null;
}

/**
 * The platform's judgement of a 0x0B: registered and bound, the registered chip, already
 * activated (a first key comes by activation, 0x09), a well-formed SM2 key, and a version above
 * the stored one.
 */
export function judgeKeySync(terminal: KeySyncTerminal, req: KeySyncRequest): KeySyncResultCode {
  if (!terminal.registered) return "notRegistered";
  if (req.chipId !== terminal.chipId) return "chipMismatch";
  if (!terminal.active) return "notActivated";
  if (req.publicKey.length !== SM2_PUBLIC_KEY_LENGTH * 2 || !req.publicKey.startsWith("04")) return "badKey";
  if (req.keyVersion <= (terminal.keyVersion ?? 0)) return "staleVersion";
  return "ok";
}
