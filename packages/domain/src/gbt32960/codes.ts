/**
 * Code tables of GB/T 32960.3 (domain-notes.md "GB/T 32960.3"): editions, start markers,
 * commands, response flags and encryption methods, with the Chinese names the console shows.
 */

/** The two editions the console reads: 2016 frames start with `##`, 2025 frames with `$$`. */
export type Gbt32960Edition = 2016 | 2025;

/** Start marker byte per edition ('#' 0x23 twice, '$' 0x24 twice). */
export const START_BYTE: Readonly<Record<Gbt32960Edition, number>> = { 2016: 0x23, 2025: 0x24 };

/** Command identifiers (domain-notes.md: 0x01 … 0x0B uplink, 0x80 … 0x82 downlink). */
export const COMMAND = {
  vehicleLogin: 0x01,
  realtimeData: 0x02,
  resentData: 0x03,
  vehicleLogout: 0x04,
  platformLogin: 0x05,
  platformLogout: 0x06,
  heartbeat: 0x07,
  timeSync: 0x08,
  activation: 0x09,
  activationResult: 0x0a,
  keySync: 0x0b,
  query: 0x80,
  set: 0x81,
  control: 0x82,
} as const;

const COMMAND_NAMES: ReadonlyMap<number, string> = new Map([
  [0x01, "车辆登入"],
  [0x02, "实时信息上报"],
  [0x03, "补发信息上报"],
  [0x04, "车辆登出"],
  [0x05, "平台登入"],
  [0x06, "平台登出"],
  [0x07, "心跳"],
  [0x08, "终端校时"],
  [0x80, "查询命令"],
  [0x81, "设置命令"],
  [0x82, "车载终端控制命令"],
]);
/** Commands the 2025 edition adds. */
const COMMAND_NAMES_2025: ReadonlyMap<number, string> = new Map([
  [0x09, "激活"],
  [0x0a, "激活应答"],
  [0x0b, "密钥同步"],
]);

/**
 * Chinese name of a command in an edition, or undefined for a command the edition does not
 * define (0xC0–0xFE are left to platforms; the codec still reads such frames).
 */
export function commandName(command: number, edition: Gbt32960Edition): string | undefined {
  return COMMAND_NAMES.get(command) ?? (edition === 2025 ? COMMAND_NAMES_2025.get(command) : undefined);
}

/** Response flag of a command frame (the sender asks; no answer yet). */
export const RESPONSE_COMMAND = 0xfe;

const RESPONSE_NAMES_2016: ReadonlyMap<number, string> = new Map([
  [0x01, "成功"],
  [0x02, "错误"],
  [0x03, "VIN重复"],
  [0x04, "VIN未知"],
  [RESPONSE_COMMAND, "命令"],
]);
const RESPONSE_NAMES_2025: ReadonlyMap<number, string> = new Map([
  ...RESPONSE_NAMES_2016,
  [0x05, "签名错误"],
  [0x06, "结构错误"],
  [0x07, "解密失败"],
]);

/** Chinese name of a response flag, or undefined when the edition does not define it. */
export function responseFlagName(flag: number, edition: Gbt32960Edition): string | undefined {
  return (edition === 2016 ? RESPONSE_NAMES_2016 : RESPONSE_NAMES_2025).get(flag);
}

/** Encryption byte values (0x01 none … 0xFF invalid). */
export const ENCRYPTION = {
  none: 0x01,
  rsa: 0x02,
  aes128: 0x03,
  sm2: 0x04,
  sm4: 0x05,
  abnormal: 0xfe,
  invalid: 0xff,
} as const;

const ENCRYPTION_NAMES_2016: ReadonlyMap<number, string> = new Map([
  [0x01, "不加密"],
  [0x02, "RSA"],
  [0x03, "AES128"],
  [0xfe, "异常"],
  [0xff, "无效"],
]);
const ENCRYPTION_NAMES_2025: ReadonlyMap<number, string> = new Map([
  ...ENCRYPTION_NAMES_2016,
  [0x04, "SM2"],
  [0x05, "SM4"],
]);

/** Chinese name of an encryption method, or undefined when the edition does not define it. */
export function encryptionName(value: number, edition: Gbt32960Edition): string | undefined {
  return (edition === 2016 ? ENCRYPTION_NAMES_2016 : ENCRYPTION_NAMES_2025).get(value);
}
