// GB/T 32960.3 frames of the login/logout journals (domain-notes.md "GB/T 32960.3").
export { bcc } from "./bcc";
export {
  COMMAND,
  commandName,
  ENCRYPTION,
  encryptionName,
  type Gbt32960Edition,
  RESPONSE_COMMAND,
  responseFlagName,
  START_BYTE,
} from "./codes";
export { decodeCollectionTime, encodeCollectionTime } from "./collectionTime";
export * from "./downlink/index";
export type { FrameError, FrameErrorCode } from "./errors";
export { decodeFrame, encodeFrame, type Gbt32960Frame, HEADER_LENGTH, MAX_DATA_LENGTH } from "./frame";
export { bytesToHex, hexToBytes } from "./hex";
export {
  type DecodedMessage,
  decodeMessage,
  encodeVehicleLoginMessage,
  encodeVehicleLogoutMessage,
  type MessageBody,
} from "./message";
export * from "./realtime/index";
export {
  decodeVehicleLogin,
  encodeVehicleLogin,
  LOGIN_ICCID_LENGTH,
  MAX_SUBSYSTEM_CODE_LENGTH,
  MAX_SUBSYSTEMS,
  PACK_SERIAL_LENGTH,
  type VehicleLogin,
  type VehicleLogin2016,
  type VehicleLogin2025,
} from "./vehicleLogin";
export { decodeVehicleLogout, encodeVehicleLogout, LOGOUT_LENGTH, type VehicleLogout } from "./vehicleLogout";
