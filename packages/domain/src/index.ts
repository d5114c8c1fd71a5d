// @tsp/domain: every pure rule of the spec (issue 4). Areas are re-exported from their folders.
export * from "./gbt32960/index";
export * from "./identifiers/index";
export * from "./paging/index";
export { PLATFORM_NAME, TOKEN_STORAGE_KEY } from "./platform/constants";
export { isSuccessCode, SUCCESS_CODES } from "./platform/successCodes";
export * from "./routes/index";
export * from "./search/index";
export * from "./session/index";
export { err, ok, type Result } from "./shared/result";
export * from "./tabs/index";
export * from "./upload/index";
export * from "./validation/index";
