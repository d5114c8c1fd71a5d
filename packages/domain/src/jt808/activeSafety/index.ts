// 苏标 active safety (T/JSATL 12-2017, issue 17 报警附件上传): the ADAS/DSM/TPMS/BSD alarms of a
// 0x0200, the 报警标识号, the 0x9208 → 0x1210/0x1211/data/0x1212 → 0x9212 attachment flow.
export {
  JT808_ALARM_MARK_LENGTH,
  type Jt808AlarmMark,
  jt808AlarmMarkKey,
  readJt808AlarmMark,
  writeJt808AlarmMark,
} from "./alarmMark";
export {
  decodeJt808SafetyAlarm,
  encodeJt808SafetyAlarm,
  JT808_SAFETY_ALARM_TYPES,
  JT808_SAFETY_SOURCES,
  type Jt808SafetyAlarm,
  type Jt808SafetySource,
  jt808SafetyAlarmName,
  jt808SafetyAlarms,
} from "./alarms";
export {
  decodeJt808DataFrame,
  encodeJt808DataFrame,
  JT808_DATA_FRAME_HEADER_LENGTH,
  JT808_DATA_FRAME_MAGIC,
  JT808_DATA_FRAME_MAX_DATA,
  type Jt808AttachmentChunk,
  type Jt808AttachmentUnit,
  type Jt808DataFrame,
  takeJt808AttachmentStream,
} from "./dataFrame";
export {
  addJt808Range,
  JT808_MAX_RESEND_RANGES,
  type Jt808AttachmentName,
  type Jt808ReceivedRanges,
  jt808AttachmentAlarmCode,
  jt808AttachmentContentType,
  jt808AttachmentFileName,
  jt808MissingRanges,
  parseJt808AttachmentFileName,
} from "./files";
export {
  decodeJt808AttachmentAnswer,
  decodeJt808AttachmentFile,
  decodeJt808AttachmentList,
  decodeJt808AttachmentRequest,
  encodeJt808AttachmentAnswer,
  encodeJt808AttachmentFile,
  encodeJt808AttachmentList,
  encodeJt808AttachmentRequest,
  JT808_ALARM_NUMBER_LENGTH,
  JT808_ATTACHMENT_FILE_TYPES,
  JT808_ATTACHMENT_MESSAGE_ID,
  type Jt808AttachmentAnswer,
  type Jt808AttachmentFile,
  type Jt808AttachmentList,
  type Jt808AttachmentRequest,
} from "./messages";
