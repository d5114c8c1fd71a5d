import { ok, type Result } from "../../shared/result";
import { type FrameError, frameError } from "../errors";

/**
 * The parameters of terminal control 0x82 command 0x01 (远程升级), telematics-facts.md §2 ✔EQ:
 * fields separated by ';' (0x3B) in this order — dial-point name (APN), dial user, dial password
 * (ASCII text), the upgrade server's address (6 bytes: an IPv4 address as 00 00 + 4 bytes), its
 * port (WORD), the terminal maker's id (4 bytes), hardware and firmware version (5 bytes each),
 * the upgrade URL (ASCII text) and the time limit to reach the server (WORD, minutes). SN's
 * variant puts the URL first (⚠SN); this codec writes the standard's order. The fixed-length
 * fields are binary and may hold 0x3B, so the reader takes them by length, never by splitting.
 */
export interface UpgradeParams {
  /** 拨号点名称 (APN); may be empty. */
  readonly apn: string;
  readonly user: string;
  readonly password: string;
  /** The upgrade server's IPv4 address, dotted; 0.0.0.0 when the URL alone names it. */
  readonly address: string;
  readonly port: number;
  /** 车载终端制造商ID: four ASCII characters. */
  readonly makerCode: string;
  /** Five ASCII characters each, as parameters 0x07/0x08 report them. */
  readonly hardwareVersion: string;
  readonly firmwareVersion: string;
  readonly url: string;
  /** 连接到升级服务器时限, minutes (1–65535). */
  readonly timeoutMin: number;
}

/** Sub-command code of the upgrade in 0x82. */
export const UPGRADE_CONTROL_CODE = 0x01;
const SEP = 0x3b;
const MAX_TEXT = 255;
const VERSION_LENGTH = 5;
const MAKER_LENGTH = 4;
const PRINTABLE = /^[\x20-\x3a\x3c-\x7e]*$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Whether text is exactly `length` visible ASCII characters (a version or maker id). */
export function isFixedAscii(text: string, length: number): boolean {
  return text.length === length && /^[\x21-\x7e]*$/.test(text);
}

function ipv4Bytes(address: string): number[] | undefined {
  const m = IPV4.exec(address);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : undefined;
}

/** Why upgrade parameters cannot be sent, in Chinese, or undefined. */
export function upgradeProblem(p: UpgradeParams): string | undefined {
  for (const [label, text] of [
    ["拨号点名称", p.apn],
    ["拨号用户名", p.user],
    ["拨号密码", p.password],
    ["升级地址URL", p.url],
  ] as const) {
    if (text.length > MAX_TEXT || !PRINTABLE.test(text)) return `${label}应为不超过${MAX_TEXT}个ASCII字符且不含分号`;
  }
  if (p.url.length === 0) return "请输入升级地址URL";
  if (!ipv4Bytes(p.address)) return "升级服务器地址应为IPv4地址，如 192.168.1.10";
  if (!Number.isInteger(p.port) || p.port < 0 || p.port > 0xffff) return "升级服务器端口应为0–65535的整数";
  if (!isFixedAscii(p.makerCode, MAKER_LENGTH)) return `终端制造商ID应为${MAKER_LENGTH}个ASCII字符`;
  if (!isFixedAscii(p.hardwareVersion, VERSION_LENGTH)) return `硬件版本应为${VERSION_LENGTH}个ASCII字符，如 HW1.0`;
  if (!isFixedAscii(p.firmwareVersion, VERSION_LENGTH)) return `固件版本应为${VERSION_LENGTH}个ASCII字符，如 FW1.3`;
  if (!Number.isInteger(p.timeoutMin) || p.timeoutMin < 1 || p.timeoutMin > 0xffff)
    return "连接升级服务器时限应为1–65535分钟";
  return undefined;
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The parameter bytes after the sub-command code (checked by {@link upgradeProblem}). */
export function encodeUpgradeParams(p: UpgradeParams): Result<Uint8Array, FrameError> {
  const problem = upgradeProblem(p);
  if (problem) return frameError("bad-param", problem);
  const ip = ipv4Bytes(p.address) as number[];
  const fields: number[][] = [
    ascii(p.apn),
    ascii(p.user),
    ascii(p.password),
    [0, 0, ...ip],
    [p.port >> 8, p.port & 0xff],
    ascii(p.makerCode),
    ascii(p.hardwareVersion),
    ascii(p.firmwareVersion),
    ascii(p.url),
    [p.timeoutMin >> 8, p.timeoutMin & 0xff],
  ];
  return ok(Uint8Array.from(fields.flatMap((f, i) => (i === 0 ? f : [SEP, ...f]))));
}

/** Reads the parameter bytes after the sub-command code (as a terminal does). */
export function decodeUpgradeParams(data: Uint8Array, offset = 0): Result<UpgradeParams, FrameError> {
  let at = 0;
  const text = (): string | undefined => {
    const end = data.indexOf(SEP, at);
    if (end < 0) return undefined;
    const s = String.fromCharCode(...data.subarray(at, end));
    at = end + 1;
    return s;
  };
  const fixed = (n: number, last = false): Uint8Array | undefined => {
    if (at + n > data.length || (!last && data[at + n] !== SEP)) return undefined;
    const b = data.subarray(at, at + n);
    at += n + 1;
    return b;
  };
  const broken = () => frameError("truncated", "升级参数不完整或分隔符错误", offset + at);
  const apn = text();
  const user = text();
  const password = text();
  const address = fixed(6);
  const port = fixed(2);
  const maker = fixed(MAKER_LENGTH);
  const hw = fixed(VERSION_LENGTH);
  const fw = fixed(VERSION_LENGTH);
  const url = text();
  if (
    apn === undefined ||
    user === undefined ||
    password === undefined ||
    !address ||
    !port ||
    !maker ||
    !hw ||
    !fw ||
    url === undefined
  )
    return broken();
  const limit = fixed(2, true);
  if (!limit) return broken();
  if (at - 1 !== data.length)
    return frameError("length-mismatch", `升级参数多出${data.length - at + 1}字节`, offset + at - 1);
  const params: UpgradeParams = {
    apn,
    user,
    password,
    address: Array.from(address.subarray(2)).join("."),
    port: ((port[0] as number) << 8) | (port[1] as number),
    makerCode: String.fromCharCode(...maker),
    hardwareVersion: String.fromCharCode(...hw),
    firmwareVersion: String.fromCharCode(...fw),
    url,
    timeoutMin: ((limit[0] as number) << 8) | (limit[1] as number),
  };
  const problem = upgradeProblem(params);
  if (problem) return frameError("bad-param", problem, offset);
  return ok(params);
}
