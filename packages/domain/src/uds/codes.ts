/**
 * ISO 14229-1 (UDS) names an operator reads: negative response codes (Annex A.1), the DTC
 * status bits (§D.2), the diagnostic sessions and resets, and the common identification DIDs
 * (Annex C.1). Chinese names are this product's; the ISO mnemonic is kept beside each.
 */

/** Negative response codes of ISO 14229-1 Table A.1 an ECU commonly answers. */
export const UDS_NRC: Readonly<Record<number, { readonly iso: string; readonly name: string }>> = {
  16: { iso: "generalReject", name: "一般拒绝" },
  17: { iso: "serviceNotSupported", name: "服务不支持" },
  18: { iso: "subFunctionNotSupported", name: "子功能不支持" },
  19: { iso: "incorrectMessageLengthOrInvalidFormat", name: "报文长度错误或格式无效" },
  20: { iso: "responseTooLong", name: "响应过长" },
  33: { iso: "busyRepeatRequest", name: "忙，请重试" },
  34: { iso: "conditionsNotCorrect", name: "条件不满足" },
  36: { iso: "requestSequenceError", name: "请求顺序错误" },
  37: { iso: "noResponseFromSubnetComponent", name: "子网部件无响应" },
  38: { iso: "failurePreventsExecutionOfRequestedAction", name: "故障导致无法执行" },
  49: { iso: "requestOutOfRange", name: "请求超出范围" },
  51: { iso: "securityAccessDenied", name: "安全访问被拒绝" },
  53: { iso: "invalidKey", name: "密钥无效" },
  54: { iso: "exceedNumberOfAttempts", name: "超过尝试次数" },
  55: { iso: "requiredTimeDelayNotExpired", name: "延时未到" },
  112: { iso: "uploadDownloadNotAccepted", name: "不接受上传下载" },
  114: { iso: "generalProgrammingFailure", name: "编程失败" },
  120: { iso: "requestCorrectlyReceivedResponsePending", name: "已收到请求，响应待定" },
  126: { iso: "subFunctionNotSupportedInActiveSession", name: "当前会话不支持该子功能" },
  127: { iso: "serviceNotSupportedInActiveSession", name: "当前会话不支持该服务" },
  129: { iso: "rpmTooHigh", name: "转速过高" },
  131: { iso: "engineIsRunning", name: "发动机运行中" },
  136: { iso: "vehicleSpeedTooHigh", name: "车速过高" },
  146: { iso: "voltageTooHigh", name: "电压过高" },
  147: { iso: "voltageTooLow", name: "电压过低" },
};

/** `0x22 条件不满足 (conditionsNotCorrect)`; an unlisted code is named as such. */
export function nrcText(nrc: number): string {
  const hex = `0x${nrc.toString(16).padStart(2, "0").toUpperCase()}`;
  const known = UDS_NRC[nrc];
  return known ? `${hex} ${known.name}（${known.iso}）` : `${hex} 未定义的否定响应码`;
}

/** The eight DTC status bits (ISO 14229-1 §D.2), bit 0 first. */
export const DTC_STATUS_BITS = [
  { iso: "testFailed", name: "测试失败" },
  { iso: "testFailedThisOperationCycle", name: "本操作循环测试失败" },
  { iso: "pendingDTC", name: "待定故障码" },
  { iso: "confirmedDTC", name: "已确认故障码" },
  { iso: "testNotCompletedSinceLastClear", name: "上次清除后测试未完成" },
  { iso: "testFailedSinceLastClear", name: "上次清除后测试失败" },
  { iso: "testNotCompletedThisOperationCycle", name: "本操作循环测试未完成" },
  { iso: "warningIndicatorRequested", name: "请求故障指示灯" },
] as const;

/** Diagnostic sessions of service 0x10. */
export const UDS_SESSIONS: Readonly<Record<number, string>> = { 1: "默认会话", 2: "编程会话", 3: "扩展会话" };
/** Reset types of service 0x11. */
export const UDS_RESETS: Readonly<Record<number, string>> = { 1: "硬件复位", 2: "钥匙开关复位", 3: "软件复位" };

/** Identification data identifiers offered for 0x22 (ISO 14229-1 Annex C.1); their values are ASCII. */
export const UDS_DIDS: Readonly<Record<number, string>> = {
  61831: "零件号",
  61833: "ECU软件版本",
  61834: "供应商代码",
  61836: "ECU序列号",
  61840: "车辆识别代号（VIN）",
  61841: "ECU硬件号",
  61843: "硬件版本",
  61845: "软件版本号",
  61847: "系统名称",
};
