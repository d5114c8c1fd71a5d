// JT/T 808 (2013 and 2019) frames and the messages of register, authenticate, heartbeat and
// location (domain-notes.md "JT/T 808", telematics-facts.md §4), for the gateway of issue 16.

export * from "./activeSafety/index";
export {
  decodeJt808Authentication,
  encodeJt808Authentication,
  type Jt808Authentication,
} from "./authentication";
export {
  decodeJt808BatchLocation,
  encodeJt808BatchLocation,
  JT808_BATCH_NORMAL,
  JT808_BATCH_RESENT,
  type Jt808BatchLocation,
} from "./batchLocation";
export { jt808CheckCode } from "./bytes";
export * from "./control/index";
export type { Jt808Error, Jt808ErrorCode } from "./errors";
export { JT808_FLAG, jt808Escape, jt808Unescape } from "./escape";
export { JT808_ALARM_BITS, JT808_STATUS_BITS, jt808AlarmNames, jt808StatusNames } from "./flags";
export {
  decodeJt808Frame,
  encodeJt808Frame,
  JT808_MAX_BODY_LENGTH,
  type Jt808Frame,
  type Jt808Header,
  type Jt808Package,
} from "./frame";
export {
  decodeJt808Location,
  encodeJt808Location,
  JT808_LOCATION_BASE_LENGTH,
  JT808_LOCATION_ITEMS,
  type Jt808Location,
  type Jt808LocationItem,
  type Jt808LocationItemKind,
  jt808Coordinates,
} from "./location";
export {
  decodeJt808Body,
  decodeJt808Message,
  encodeJt808Body,
  encodeJt808Message,
  JT808_MESSAGE_ID,
  type Jt808Body,
  type Jt808Message,
} from "./message";
export * from "./multimedia/index";
export * from "./params/index";
export {
  addJt808Fragment,
  expireJt808Fragments,
  type Jt808PendingMessage,
  type Jt808ReassemblyState,
  jt808FragmentKey,
} from "./reassembly";
export {
  decodeJt808Register,
  decodeJt808RegisterResponse,
  encodeJt808Register,
  encodeJt808RegisterResponse,
  JT808_REGISTER_RESULTS,
  type Jt808Register,
  type Jt808RegisterResponse,
} from "./register";
export {
  decodeJt808GeneralResponse,
  encodeJt808GeneralResponse,
  JT808_GENERAL_RESPONSE_LENGTH,
  JT808_PLATFORM_RESULTS,
  JT808_TERMINAL_RESULTS,
  type Jt808GeneralResponse,
} from "./response";
export { splitJt808Message } from "./split";
export { JT808_MAX_FRAME_LENGTH, type Jt808StreamChunk, takeJt808Frames } from "./stream";
