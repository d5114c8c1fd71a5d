export {
  type CallOptions,
  createTspClient,
  type RawCall,
  type TspClient,
  type TspClientOptions,
  type TspHooks,
} from "./client";
export { type CursorPage, type Envelope, isEnvelope, isSuccessCode, type NumberedPage } from "./envelope";
export {
  ApiError,
  AuthError,
  type CallInfo,
  CancelledError,
  composeMessage,
  type FailDetail,
  isCancelled,
  NetworkError,
  REQUEST_FAILED,
  TimeoutError,
  TspError,
} from "./errors";
export type { OperationInfo, OperationMeta, OperationTable } from "./operations";
export { DEFAULT_TIMEOUT_MS, LONG_TIMEOUT_MS } from "./runtime";
export {
  defaultTokenStore,
  localStorageTokenStore,
  memoryTokenStore,
  TOKEN_STORAGE_KEY,
  type TokenStore,
} from "./tokens";
