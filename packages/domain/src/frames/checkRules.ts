/**
 * The checks a received frame must pass (新能源报文检查, issue 20) and how a stored frame's
 * gateway status names the one it failed. The gateway (apps/server/src/gateway) stores every
 * frame with a status and the decoder's Chinese reason; a check rule is that status, except
 * that `bad-frame` is split into a wrong check code and every other structural fault, read
 * from the reason the decoders give (both GB/T 32960 and JT/T 808 start a wrong check code's
 * message with {@link CHECK_CODE_REASON_PREFIX}).
 */
export const FRAME_CHECK_RULES = [
  "check-code",
  "structure",
  "bad-body",
  "vin-unknown",
  "vin-duplicate",
  "encrypted",
  "unsupported",
] as const;

/** One check a frame can fail. */
export type FrameCheckRule = (typeof FRAME_CHECK_RULES)[number];

/** What the decoders' message of a wrong check code starts with (gbt32960/frame.ts, jt808/frame.ts). */
export const CHECK_CODE_REASON_PREFIX = "校验码错误";

/** A rule's name, the standard's clause it enforces and what the gateway did with the frame. */
export interface FrameCheckRuleInfo {
  readonly label: string;
  readonly clause: string;
  readonly handling: string;
}

/** The rules as an operator reads them (GB/T 32960.3-2016 §6, telematics-facts.md). */
export const FRAME_CHECK_RULE_INFO: Readonly<Record<FrameCheckRule, FrameCheckRuleInfo>> = {
  "check-code": {
    label: "校验码错误",
    clause: "GB/T 32960.3 §6.2 校验码：从命令单元起至数据单元末尾逐字节异或，结果与最后一字节不符",
    handling: "报文不可信，丢弃且不应答，连接保持",
  },
  structure: {
    label: "报文结构错误",
    clause: "GB/T 32960.3 §6.2 数据包结构：起始符、应答标志、VIN、加密方式或数据单元长度与标准不符",
    handling: "报文不可信，丢弃且不应答，连接保持",
  },
  "bad-body": {
    label: "数据单元错误",
    clause: "GB/T 32960.3 §7 数据单元格式：登入、实时/补发或登出数据无法按标准读出",
    handling: "应答“错误”（2016版0x02，2025版0x06结构错误）",
  },
  "vin-unknown": {
    label: "VIN未知",
    clause: "GB/T 32960.3 表3 应答标志0x04：VIN不在平台车辆档案中",
    handling: "应答“VIN未知”（0x04），不写入登入登出日志和车辆最新状态",
  },
  "vin-duplicate": {
    label: "VIN重复登入",
    clause: "GB/T 32960.3 表3 应答标志0x03：该VIN已在另一连接登入",
    handling: "应答“VIN重复”（0x03），登入不生效",
  },
  encrypted: {
    label: "数据单元加密",
    clause: "GB/T 32960.3 表2 加密方式：数据单元经RSA/AES加密，平台未持有密钥",
    handling: "应答“错误”（2016版0x02，2025版0x07解密失败）",
  },
  unsupported: {
    label: "不支持的命令",
    clause: "GB/T 32960.3 表2 命令单元：平台登入、激活、密钥交换等平台不处理的命令或应答帧",
    handling: "记录，不应答",
  },
};

/** The gateway's status of a frame that passed every check. */
export const FRAME_STATUS_OK = "ok";

/**
 * The rule a stored frame failed, or null when it passed (status `ok`) or its status is not
 * one the gateway writes.
 */
export function frameCheckRule(status: string, reason: string | null): FrameCheckRule | null {
  if (status === "bad-frame") {
    return reason?.startsWith(CHECK_CODE_REASON_PREFIX) ? "check-code" : "structure";
  }
  return status !== "check-code" && status !== "structure" && (FRAME_CHECK_RULES as readonly string[]).includes(status)
    ? (status as FrameCheckRule)
    : null;
}

/**
 * How the frames of a rule are found in the gateway's journal: their status and, for the two
 * halves of `bad-frame`, whether the reason starts with the check-code prefix.
 */
export function frameCheckRuleFilter(rule: FrameCheckRule): {
  readonly status: string;
  readonly checkCodeReason?: boolean;
} {
  if (rule === "check-code") return { status: "bad-frame", checkCodeReason: true };
  if (rule === "structure") return { status: "bad-frame", checkCodeReason: false };
  return { status: rule };
}
