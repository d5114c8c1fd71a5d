// Uploads and imports (platform-shell.md §3, §5, §8, §9; business-areas.md §5, §8).
export {
  IMPORT_TYPES,
  type ImportResult,
  ImportResultSchema,
  importFilesProblem,
  MSG_CHOOSE_IMPORT_FILE,
} from "./importRules";
export {
  MSG_EDITOR_FILE_FORMAT_INCORRECT,
  MSG_FILE_FORMAT_INCORRECT,
  MSG_IMAGE_OVER_1M,
  MSG_IMAGE_RATIO,
  MSG_UPLOAD_FAILED,
  MSG_UPLOAD_FORMAT_ERROR,
  msgEditorImageOver,
  msgFileOver,
  msgUploadOver,
  msgVideoOver,
} from "./uploadMessages";
export {
  BACKEND_UPLOAD_DEFAULT_MB,
  backendUploadSizeProblem,
  canAddFile,
  EDITOR_MAX_IMAGES,
  FILE_LIMIT_DEFAULT,
  FILE_LIMIT_SINGLE,
  fileExtension,
  IMAGE_TYPES,
  imageRatioProblem,
  MB,
  PDF_TYPES,
  SIMPLE_IMAGE_MAX_BYTES,
  type SizeWording,
  simpleImageSizeProblem,
  type UploadKind,
  uploadSizeProblem,
  uploadTypeProblem,
  VIDEO_MAX_SECONDS_DEFAULT,
  VIDEO_TYPES,
  videoDurationProblem,
} from "./uploadRules";
export { reduceUpload, UPLOAD_IDLE, type UploadAction, type UploadState } from "./uploadState";
