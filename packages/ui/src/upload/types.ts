/** What an uploader accepts (spec §5 lists the types per kind). */
export type UploadKind = "file" | "image" | "video" | "pdf";

/**
 * A stored file as the uploader emits it (spec §3 upload result: objectKey, accessURL/url,
 * content type; files add size and fileMd5; videos add duration; pdfs are shown by name).
 */
export interface UploadedFile {
  objectKey: string;
  url: string;
  name: string;
  size: number;
  fileMd5: string;
  contentType: string;
  /** Seconds, videos only. */
  duration?: number;
}

/** Options the uploader hands to the injected upload function. */
export interface UploadOptions {
  objectKey: string;
  contentType: string;
  /** 0–100. */
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/**
 * The signed-upload function the console injects (ask for a signed URL, PUT the file with its
 * content type and the ACL header, report progress). Answers where the file can be read.
 */
export type UploadFn = (file: File, options: UploadOptions) => Promise<{ url: string; objectKey?: string }>;
