import {
  FILE_LIMIT_DEFAULT,
  IMAGE_TYPES,
  imageRatioProblem,
  nextZoom,
  PDF_TYPES,
  type SizeWording,
  simpleImageSizeProblem,
  uploadSizeProblem,
  uploadTypeProblem,
  VIDEO_TYPES,
  videoDurationProblem,
} from "@tsp/domain";
import type { UploadKind } from "./types";

/**
 * The uploader's checks, all delegated to @tsp/domain's upload rules (spec §5 messages);
 * this file only bundles them the way the widget applies them.
 */

/** Extensions a kind accepts; `file` accepts all (its pattern, if any, decides). */
export function allowedExtensions(kind: UploadKind): readonly string[] | null {
  if (kind === "image") return IMAGE_TYPES;
  if (kind === "video") return VIDEO_TYPES;
  if (kind === "pdf") return PDF_TYPES;
  return null;
}

/** The `accept` attribute for a kind's file input. */
export function acceptOf(kind: UploadKind): string | undefined {
  const ext = allowedExtensions(kind);
  return ext ? ext.map((e) => `.${e}`).join(",") : undefined;
}

/** Rules a single uploader applies before uploading (each optional). */
export interface UploadRules {
  kind: UploadKind;
  /** If given, the file name must match (else 选择的文件格式不正确，请重新上传). */
  pattern?: RegExp;
  /** Size limit in MB. */
  maxSizeMb?: number;
  /** Which sentence the size limit speaks (上传文件不能超过 / 文件大小不能超过). */
  sizeWording?: SizeWording;
  /** The simple image uploader: 1 MB with 图片大小不能超过1M!. */
  simpleImage?: boolean;
}

/** Checks name and size; answers the spec's message or null when the file may go. */
export function checkFile(file: { name: string; size: number }, rules: UploadRules): string | null {
  return (
    uploadTypeProblem(file.name, rules.kind, rules.pattern) ??
    (rules.simpleImage ? simpleImageSizeProblem(file.size) : null) ??
    uploadSizeProblem(file.size, rules.maxSizeMb, rules.sizeWording ?? (rules.kind === "file" ? "file" : "upload"))
  );
}

/** Checks an image's width/height against a wanted ratio such as [16, 9]. */
export function checkRatio(width: number, height: number, ratio: readonly [number, number]): string | null {
  return imageRatioProblem(width, height, ratio);
}

/** Checks a video's duration (seconds) against the limit (default 300 s). */
export function checkDuration(seconds: number, maxSeconds?: number): string | null {
  return videoDurationProblem(seconds, maxSeconds);
}

/** Next zoom after one step in (+1) or out (−1), by the domain's 0.1–2 rule. */
export function stepZoom(zoom: number, steps: 1 | -1): number {
  return nextZoom(zoom, steps > 0 ? "in" : "out");
}

/** Default count limit of a multi-file uploader (spec §9). */
export const DEFAULT_UPLOAD_LIMIT = FILE_LIMIT_DEFAULT;
