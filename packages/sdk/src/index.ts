export {
  AUTHORIZE_PATH,
  authorizeUrl,
  basicHeader,
  type ClientCredentials,
  clientCredentials,
  exchangeCode,
  REVOKE_PATH,
  readTokenAnswer,
  revokeToken,
  SIGN_OUT_PATH,
  signOut,
  TOKEN_PATH,
  type TokenAnswer,
} from "./auth";
export {
  type CallOptions,
  createTspClient,
  type RawCall,
  type TspClient,
  type TspClientOptions,
  type TspCore,
  type TspHooks,
} from "./client";
export { type DownloadedFile, download, downloadSigned, fileNameOf, readFile } from "./download";
export {
  type CursorPage,
  type Envelope,
  isEnvelope,
  isSuccessCode,
  type NumberedPage,
  SUCCESS_CODES,
} from "./envelope";
export {
  ApiError,
  AuthError,
  BadResponseError,
  type CallInfo,
  CancelledError,
  type ErrorKind,
  type FailDetail,
  isCancelled,
  NetworkError,
  TimeoutError,
  TspError,
  UploadError,
  ValueTooLongError,
} from "./errors";
export {
  type BIamAccount,
  type ButtonPermission,
  type CommData,
  type CommIncCenter,
  type CommSaasCloud,
  type ObjectStore,
  type OperationId,
  operations,
  type PermittedOperation,
  type paths,
  type Transfer,
  type TspBss,
  type TspCommand,
  type TspHbaseProxy,
  type TspJsatl,
  type TspOta,
  type TspShadow,
  type TspUds,
} from "./generated";
export { type OperationInfo, type OperationMeta, type OperationTable, permissionOf, permissionsOf } from "./operations";
export { type CursorFetch, cursorPages, hasNextPage, items, type NumberedFetch, numberedPages, unwrap } from "./paging";
export { createPkce, type PkcePair, pkceChallenge } from "./pkce";
export {
  createEncryptor,
  DEFAULT_RSA_SCHEME,
  encryptValue,
  importPublicKey,
  PUB_KEY_PATH,
  type RsaPublicKey,
  type RsaScheme,
  schemeOf,
} from "./rsa";
export { DEFAULT_TIMEOUT_MS, LONG_TIMEOUT_MS } from "./runtime";
export {
  defaultTokenStore,
  localStorageTokenStore,
  memoryTokenStore,
  TOKEN_STORAGE_KEY,
  type TokenStore,
} from "./tokens";
export {
  type SignedUploadOptions,
  type SignedUrl,
  type UploadProgress,
  type UploadResult,
  uploadSigned,
} from "./upload";
