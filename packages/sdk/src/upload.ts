import type { TspCore } from "./client";
import { absolute, guarded } from "./download";
import { failureOf } from "./envelope";
import { type CallInfo, UploadError } from "./errors";

/** Progress of a signed upload. */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers. */
  percent: number;
}

/**
 * What a signing call answers: the URL itself, or the contract's `SignedUpload`
 * (`{ url, accessURL, contentType, acl }`, openapi/components.yaml). A relative URL
 * (`/obs/…?Signature=…`) is resolved against the client's baseUrl (else the page's address).
 */
export type SignedUrl =
  | string
  | { url?: string; signedUrl?: string; accessURL?: string; contentType?: string; acl?: string | null };

/** Options of `uploadSigned`. */
export interface SignedUploadOptions {
  /**
   * Gets the signed PUT URL — a call passed in, e.g.
   * `() => sdk.POST("/comm-saas-cloud/obs/getCommonFileUploadSigned", { body: { objectKey, contentType } }).then(unwrap)`.
   */
  sign: () => Promise<SignedUrl>;
  /** The file: a Blob (a browser File; `fs.openAsBlob(path)` in Node), bytes or text. */
  file: Blob | ArrayBuffer | Uint8Array | string;
  /** Content type the URL was signed for; default: the signing answer's, the Blob's, else application/octet-stream. */
  contentType?: string;
  /** The object's access; default: the signing answer's, else public-read (business-areas.md §7). */
  acl?: string;
  /** The ACL header name; the object store is modelled on Huawei OBS (openapi/object-store.yaml). */
  aclHeader?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Default 200 s (spec §9: uploads). */
  timeoutMs?: number;
  /** XHR (browser, real upload progress) or a streamed fetch body (Node). Default: XHR when present. */
  transport?: "auto" | "xhr" | "fetch";
  /** The client: its hooks hear about failures, its fetch is used. Optional. */
  sdk?: TspCore;
}

/** The answer of a signed upload. */
export interface UploadResult {
  /** The signed URL the file went to. */
  signedUrl: string;
  /** Where the object is read: the signing answer's accessURL, else the URL without its signature. */
  objectUrl: string;
  status: number;
  /** The store's answer, parsed when JSON. */
  body: unknown;
}

/** Bytes read per step of a streamed upload: fine-grained progress, small memory. */
const SLICE = 64 * 1024;

interface RawAnswer {
  status: number;
  text: string;
}

/**
 * Signed upload (business-areas.md §7): asks for a signed URL, then PUTs the file there with its
 * content type and the ACL header, reporting progress. The PUT is a plain request: the bearer
 * token never goes to the object store (the URL is the grant; the store may be another origin).
 */
export async function uploadSigned(options: SignedUploadOptions): Promise<UploadResult> {
  const signed = await options.sign();
  const signing = typeof signed === "string" ? { url: signed } : signed;
  const signedUrl = absolute(signing.signedUrl ?? signing.url ?? "", options.sdk);
  const blob = toBlob(options.file);
  const contentType = options.contentType ?? signing.contentType ?? (blob.type || "application/octet-stream");
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    [options.aclHeader ?? "x-obs-acl"]: options.acl ?? signing.acl ?? "public-read",
  };
  const total = blob.size;
  const progress = (loaded: number) =>
    options.onProgress?.({ loaded, total, percent: total ? Math.floor((loaded / total) * 100) : 100 });
  const objectUrl = signing.accessURL
    ? absolute(signing.accessURL, options.sdk)
    : (signedUrl.split("?")[0] ?? signedUrl);
  const call: CallInfo = { method: "PUT", path: new URL(signedUrl, "http://x").pathname, url: objectUrl };
  const useXhr =
    options.transport === "xhr" || (options.transport !== "fetch" && typeof globalThis.XMLHttpRequest === "function");
  return guarded(
    call,
    options,
    async (signal) => {
      const answer = useXhr
        ? await putWithXhr(signedUrl, blob, headers, signal, progress)
        : await putWithFetch(signedUrl, blob, headers, signal, progress, options.sdk?.options.fetch);
      let body: unknown = answer.text;
      try {
        body = answer.text ? JSON.parse(answer.text) : undefined;
      } catch {
        // a store may answer XML or nothing; keep the text
      }
      const failure = failureOf(answer.status, body, call);
      if (failure) {
        const { code, msg, failDetail, status } = failure;
        throw new UploadError({ code, msg, failDetail, status, body, call });
      }
      progress(total);
      return { signedUrl, objectUrl, status: answer.status, body };
    },
    (cause) => new UploadError({ call, cause }),
  );
}

function toBlob(file: SignedUploadOptions["file"]): Blob {
  return file instanceof Blob ? file : new Blob([file as BlobPart]);
}

/** Node (or any fetch with streaming bodies): progress as the body stream is read. */
async function putWithFetch(
  url: string,
  blob: Blob,
  headers: Record<string, string>,
  signal: AbortSignal,
  progress: (loaded: number) => void,
  doFetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<RawAnswer> {
  // Pulled one slice at a time (no read-ahead), so progress follows what the request consumes;
  // a file-backed Blob (fs.openAsBlob) is read from disk slice by slice, never whole.
  let offset = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (offset >= blob.size) return controller.close();
        const slice = new Uint8Array(await blob.slice(offset, offset + SLICE).arrayBuffer());
        offset += slice.byteLength;
        controller.enqueue(slice);
        progress(offset);
      },
    },
    { highWaterMark: 0 },
  );
  // Object stores refuse chunked PUTs, so the length goes along (Node's fetch allows the header).
  const init = {
    method: "PUT",
    body,
    duplex: "half",
    signal,
    headers: { ...headers, "Content-Length": String(blob.size) },
  };
  const response = await doFetch(url, init as RequestInit);
  return { status: response.status, text: await response.text() };
}

/** Browser: XHR, the only API that reports upload progress (fetch cannot, TOOLCHAIN.md). */
function putWithXhr(
  url: string,
  blob: Blob,
  headers: Record<string, string>,
  signal: AbortSignal,
  progress: (loaded: number) => void,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener("progress", (event) => progress(event.loaded));
    xhr.addEventListener("load", () => resolve({ status: xhr.status, text: xhr.responseText }));
    xhr.addEventListener("error", () => reject(new TypeError("XHR network error")));
    xhr.addEventListener("abort", () => reject(signal.reason));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(blob);
  });
}
