// JT/T 808 multimedia (issue 17): camera shoot now 0x8801 and its answer 0x0805, the multimedia
// event 0x0800, the upload 0x0801 (sub-packaged, joined by `addJt808Fragment`) and its answer 0x8800.
export {
  cameraShootProblem,
  decodeJt808CameraAnswer,
  decodeJt808CameraShoot,
  encodeJt808CameraAnswer,
  encodeJt808CameraShoot,
  JT808_CAMERA_RECORD,
  JT808_CAMERA_RESOLUTIONS,
  JT808_CAMERA_RESULTS,
  JT808_CAMERA_SHOOT_LENGTH,
  JT808_CAMERA_STOP,
  type Jt808CameraAnswer,
  type Jt808CameraShoot,
} from "./camera";
export {
  decodeJt808MediaAnswer,
  decodeJt808MediaEvent,
  decodeJt808MediaUpload,
  encodeJt808MediaAnswer,
  encodeJt808MediaEvent,
  encodeJt808MediaUpload,
  JT808_MEDIA_EVENT_LENGTH,
  JT808_MEDIA_EVENTS,
  JT808_MEDIA_FORMATS,
  JT808_MEDIA_TYPES,
  JT808_MEDIA_UPLOAD_HEADER_LENGTH,
  type Jt808MediaAnswer,
  type Jt808MediaEvent,
  type Jt808MediaUpload,
  jt808MediaContentType,
  jt808MissingPackages,
  jt808PendingMediaId,
} from "./media";
/** Multimedia message ids (the codec's JT808_MESSAGE_ID holds the session's ones). */
export const JT808_MEDIA_MESSAGE_ID = {
  mediaEvent: 0x0800,
  mediaUpload: 0x0801,
  cameraAnswer: 0x0805,
  mediaAnswer: 0x8800,
  cameraShoot: 0x8801,
} as const;
