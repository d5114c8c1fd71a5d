// Remote UDS diagnosis (ISO 14229-1 over the T-BOX; GB/T 32960 0x82 · 0x81, designed).
export { DTC_STATUS_BITS, nrcText, UDS_DIDS, UDS_NRC, UDS_RESETS, UDS_SESSIONS } from "./codes";
export { type DecodedDtc, decodeDtc, dtcStatusBits, dtcText } from "./dtc";
export {
  canIdProblem,
  decodeUdsUnit,
  encodeUdsUnit,
  isUdsUnit,
  MAX_CAN_ID,
  MAX_UDS_BYTES,
  UDS_CONTROL_CODE,
  type UdsEcuAddress,
  type UdsUnit,
} from "./frame";
export {
  REPORT_DTC_BY_STATUS_MASK,
  UDS_ALL_DTC_GROUPS,
  UDS_SERVICES,
  type UdsGroup,
  type UdsRequest,
  type UdsService,
  udsRequestBytes,
  udsRequestProblem,
  udsRequestText,
  udsServiceGroup,
} from "./request";
export {
  decodeUdsResponse,
  NEGATIVE_RESPONSE,
  POSITIVE_OFFSET,
  type UdsDecodeError,
  type UdsResult,
  udsNegativeReason,
} from "./response";
