export { PLATFORM_NAME, TOKEN_STORAGE_KEY } from "./platform/constants";
export { isSuccessCode, SUCCESS_CODES } from "./platform/successCodes";
