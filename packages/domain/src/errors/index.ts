// Error catalogue (platform-shell.md §8, business-areas.md §8).
export { ERROR_TEXT_SEPARATOR, errorText, type FailedEnvelope } from "./errorText";
export {
  ADDRESS_DIALOG_TITLE,
  MSG_ADDRESS_LOOKUP_FAILED,
  MSG_CHUNK_LOAD_FAILED,
  MSG_EXPORT_SUBMITTED,
  MSG_GEOCODE_FAILED,
  MSG_IMAGE_LOAD_FAILED,
  MSG_NO_DATA,
  MSG_NO_VEHICLE_LOCATION,
  MSG_NO_VIDEO,
  MSG_REQUEST_FAILED,
} from "./messages";
