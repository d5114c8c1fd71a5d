// Identifiers of vehicles, SIM cards and terminals (platform-shell.md §3, §5, §9).
export {
  ICCID_MAX_LENGTH,
  IccidSchema,
  iccidProblem,
  MSG_ENTER_ICCID,
  MSG_ICCID_CHARACTERS,
  MSG_ICCID_TOO_LONG,
} from "./iccid";
export {
  MSG_ENTER_MSISDN,
  MSG_MSISDN_CHARACTERS,
  MSG_MSISDN_TOO_LONG,
  MSISDN_MAX_LENGTH,
  MsisdnSchema,
  msisdnProblem,
} from "./msisdn";
export {
  MSG_ENTER_TBOX_SERIAL,
  MSG_TBOX_SERIAL_CHARACTERS,
  MSG_TBOX_SERIAL_TOO_LONG,
  TBOX_SERIAL_MAX_LENGTH,
  TboxSerialSchema,
  tboxSerialProblem,
} from "./tboxSerial";
export {
  isVin,
  isVinCheckDigitValid,
  MSG_ENTER_VIN,
  MSG_VIN_CHARACTERS,
  MSG_VIN_CHECK_DIGIT,
  MSG_VIN_LENGTH,
  normalizeVin,
  VIN_LENGTH,
  VinSchema,
  vinCheckDigit,
  vinProblem,
  withVinCheckDigit,
} from "./vin";
