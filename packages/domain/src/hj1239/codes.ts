/**
 * HJ 1239.3 (heavy-duty diesel vehicles' emission data, the spec's 燃油车国标数据; the same
 * bytes serve HJ 1322 non-road machinery until its own layouts are verified) —
 * telematics-facts.md §3: start `##`, command, VIN (17), terminal software version (1),
 * encryption (1), data length (WORD), data, BCC. Unlike GB/T 32960 there is no response-flag
 * byte: a platform answers with the same command (✔BT,BN).
 */
export const HJ1239_START = 0x23;

/** Commands (✔BT,BN for 01–06; 07/08 filing and 80 parameter query ①BT). */
export const HJ1239_COMMAND = {
  login: 0x01,
  realtime: 0x02,
  resend: 0x03,
  logout: 0x04,
  timeSync: 0x05,
  antiTamper: 0x06,
  filing: 0x07,
  filingAnswer: 0x08,
  parameterQuery: 0x80,
} as const;

const COMMAND_NAMES = new Map<number, string>([
  [0x01, "车辆登入"],
  [0x02, "实时信息上报"],
  [0x03, "补发信息上报"],
  [0x04, "车辆登出"],
  [0x05, "终端校时"],
  [0x06, "防拆报警"],
  [0x07, "车辆备案"],
  [0x08, "备案应答"],
  [0x80, "参数查询"],
]);

/** The standard's Chinese name of a command byte (undefined for one it does not define). */
export function hj1239CommandName(command: number): string | undefined {
  return COMMAND_NAMES.get(command);
}

/** Encryption byte: 0x01 none, 0x03 SM2 (data unit encrypted, unreadable without the key). */
export const HJ1239_ENCRYPTION = { none: 0x01, sm2: 0x03 } as const;

/** Whether `value` is an encryption byte the standard defines. */
export function isHj1239Encryption(value: number): boolean {
  return value === HJ1239_ENCRYPTION.none || value === HJ1239_ENCRYPTION.sm2;
}

/**
 * Information types of a real-time or re-sent unit: 01 OBD and 02 diesel data stream ✔; 03
 * three-way-catalyst stream (gas engines) and 04 hybrid stream ①BT; 0x80–0xFE OEM-defined.
 */
export const HJ1239_INFO_TYPE = { obd: 0x01, diesel: 0x02, twc: 0x03, hybrid: 0x04 } as const;

const INFO_TYPE_NAMES = new Map<number, string>([
  [0x01, "OBD信息"],
  [0x02, "数据流信息"],
  [0x03, "数据流信息（三元催化）"],
  [0x04, "混合动力附加数据流"],
]);

/** The Chinese name of an information type; OEM types (0x80–0xFE) are 厂商自定义. */
export function hj1239InfoTypeName(type: number): string | undefined {
  if (type >= 0x80 && type <= 0xfe) return "厂商自定义";
  return INFO_TYPE_NAMES.get(type);
}

/** OBD diagnosis protocols (✔BT,BN). */
export const OBD_PROTOCOLS: ReadonlyMap<number, string> = new Map([
  [0, "ISO 15765"],
  [1, "ISO 27145"],
  [2, "SAE J1939"],
]);

/** MIL (malfunction indicator lamp) states. */
export const MIL_STATES: ReadonlyMap<number, string> = new Map([
  [0, "未点亮"],
  [1, "点亮"],
]);
