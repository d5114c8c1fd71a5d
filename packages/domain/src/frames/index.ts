// The gateway's frame journal read by the data-service screens (issue 20): check rules of
// 新能源报文检查 and the positions of 位置数据查询.
export {
  CHECK_CODE_REASON_PREFIX,
  FRAME_CHECK_RULE_INFO,
  FRAME_CHECK_RULES,
  FRAME_STATUS_OK,
  type FrameCheckRule,
  type FrameCheckRuleInfo,
  frameCheckRule,
  frameCheckRuleFilter,
} from "./checkRules";
export {
  HISTORY_MAX_DAYS,
  HISTORY_REMARK_MAX,
  type HistoryCollectionDraft,
  HistoryCollectionFormSchema,
} from "./historyCollection";
export {
  type FramePosition,
  type FrameProtocol,
  framePositions,
  frameProtocol,
  type StoredFrameProtocol,
} from "./positions";
export { encodeRealtimeMessage, type RealtimeSample } from "./realtimeEncoder";
