// @tsp/domain: every pure rule of the spec (issue 4). Areas are re-exported from their folders.
export * from "./alarms/index";
export * from "./appUser/index";
export * from "./carControl/index";
export * from "./dataService/index";
export * from "./dates/index";
export * from "./dealer/index";
export * from "./deviceHealth/index";
export * from "./deviceManage/index";
export * from "./errors/index";
export * from "./fleetFilter/index";
export * from "./format/index";
export * from "./frames/index";
export * from "./gbt32960/index";
export * from "./geofence/index";
export * from "./groups/index";
export * from "./hj1239/index";
export * from "./identifiers/index";
export * from "./journals/index";
export * from "./jt808/index";
export * from "./lease/index";
export * from "./list/index";
export * from "./machineryMonitor/index";
export * from "./machineryReliability/index";
export * from "./machineryStats/index";
export * from "./messages/index";
export * from "./monitor/index";
export * from "./ner/index";
export * from "./notRoadFour/index";
export * from "./ota/index";
export * from "./paging/index";
export * from "./permit/accounts";
export * from "./permit/menus";
export * from "./permit/operationLog";
export * from "./permit/organisations";
export * from "./permit/roles";
export * from "./permit/tenants";
export {
  BIG_SCREEN_DESIGN_WIDTH,
  CHUNK_LOAD_TIMEOUT_MS,
  DIALOG_CONFIRM_THROTTLE_MS,
  EDITOR_CHANGE_DELAY_MS,
  FORM_COLUMN_SPAN,
  FORM_LABEL_WIDTH_PX,
  IMPORT_DIALOG_WIDTH_PX,
  PLATFORM_NAME,
  REQUEST_TIMEOUT_MS,
  SIDEBAR_WIDTH_PX,
  TABLE_HEIGHT_DEBOUNCE_MS,
  TOKEN_STORAGE_KEY,
  TRANSFER_TIMEOUT_MS,
  UPLOAD_ACL_DEFAULT,
} from "./platform/constants";
export { canConfirm } from "./platform/throttle";
export * from "./preview/index";
export * from "./realname/index";
export * from "./registers/index";
export * from "./registration/index";
export * from "./routes/index";
export * from "./search/index";
export * from "./session/index";
export { err, ok, type Result } from "./shared/result";
export * from "./simCard/index";
export * from "./simulation/index";
export * from "./tabs/index";
export * from "./tamper/index";
export * from "./tbox/index";
export * from "./terminalParams/index";
export * from "./track/index";
export * from "./trees/index";
export * from "./uds/index";
export * from "./upload/index";
export * from "./validation/index";
export * from "./vehicleModel/index";
export * from "./vehicleSale/index";
export * from "./vehicleState/index";
