import type { CallOptions, TspCore } from "./client";
import { failureOf, isEnvelope } from "./envelope";
import { type CallInfo, CancelledError, NetworkError, TimeoutError, type TspError } from "./errors";
import { LONG_TIMEOUT_MS, report } from "./runtime";

/** A signed URL as an absolute one: a path is joined to the client's baseUrl, like API paths are. */
export function absolute(url: string, sdk?: TspCore): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  if (sdk) return `${sdk.options.baseUrl.replace(/\/$/, "")}${url}`;
  return new URL(url, globalThis.location?.href).href;
}

/** A downloaded file. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (RFC 6266 `filename*` first), when the server sent one. */
  fileName: string | undefined;
  contentType: string;
}

/** Error envelopes are small; a bigger body is a file even if it starts with "{". */
const SNIFF_LIMIT = 64 * 1024;

/** The file name of a Content-Disposition header; percent-encoded names are decoded. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  const raw = star?.[2] ?? plain?.[1];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw.trim());
  } catch {
    return raw.trim();
  }
}

/**
 * Reads a file answer, detecting the JSON error envelope some servers send instead of the
 * file (often with a file's content type): a small body that parses as an envelope with a
 * failing code rejects with `ApiError`, never becomes a "file" holding an error message.
 */
export async function readFile(response: Response, blob?: Blob, call?: CallInfo): Promise<DownloadedFile> {
  const file = blob ?? (await response.blob());
  const contentType = response.headers.get("content-type") ?? file.type ?? "";
  if (file.size <= SNIFF_LIMIT && (/json/i.test(contentType) || !response.ok || (await startsWithBrace(file)))) {
    const text = await file.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: a file (or, for an HTTP failure, its text)
    }
    const failure = failureOf(response.status, isEnvelope(body) || !response.ok ? body : undefined, call);
    if (failure) throw failure;
  } else if (!response.ok) {
    throw failureOf(response.status, undefined, call);
  }
  return { blob: file, fileName: fileNameOf(response.headers.get("content-disposition")), contentType };
}

async function startsWithBrace(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 16).arrayBuffer());
  const first = head.find(
    (byte) =>
      byte !== 0x20 &&
      byte !== 0x0a &&
      byte !== 0x0d &&
      byte !== 0x09 &&
      byte !== 0xef &&
      byte !== 0xbb &&
      byte !== 0xbf,
  );
  return first === 0x7b;
}

/**
 * Downloads a file from an API path (template downloads, export files) through the client —
 * token, timeout (200 s when the operation is long-running) and hooks included.
 */
export async function download(
  sdk: TspCore,
  path: string,
  init: CallOptions & {
    params?: { query?: Record<string, unknown>; path?: Record<string, unknown> };
    method?: string;
    body?: unknown;
  } = {},
): Promise<DownloadedFile> {
  const { method = "GET", ...rest } = init;
  const result = await sdk.raw(method, path, { ...rest, parseAs: "blob" });
  const call: CallInfo = { method, path, url: path };
  try {
    return await readFile(result.response, result.data instanceof Blob ? result.data : undefined, call);
  } catch (error) {
    report({ ...sdk.options, tokens: sdk.tokens }, error as TspError);
    throw error;
  }
}

/**
 * Downloads a signed object-store URL (absolute, or a path joined to the client's baseUrl).
 * Plain fetch: the bearer token never goes to the store.
 * Timeout 200 s (spec §9: downloads).
 */
export async function downloadSigned(
  url: string,
  options: { sdk?: TspCore; signal?: AbortSignal; timeoutMs?: number; fetch?: typeof globalThis.fetch } = {},
): Promise<DownloadedFile> {
  url = absolute(url, options.sdk);
  const call: CallInfo = { method: "GET", path: new URL(url).pathname, url };
  return guarded(call, options, async (signal) => {
    const doFetch = options.fetch ?? options.sdk?.options.fetch ?? globalThis.fetch;
    const response = await doFetch(url, { signal });
    return readFile(response, await response.blob(), call);
  });
}

/**
 * Runs `work` under a timeout and the caller's signal, maps what it throws to typed errors and
 * reports them to the client's hooks. Shared by signed downloads and uploads.
 */
export async function guarded<T>(
  call: CallInfo,
  options: { sdk?: TspCore; signal?: AbortSignal; timeoutMs?: number },
  work: (signal: AbortSignal) => Promise<T>,
  noAnswer: (cause: unknown) => TspError = (cause) => new NetworkError(call, cause),
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? options.sdk?.options.longTimeoutMs ?? LONG_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError(timeoutMs, call)), timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  try {
    return await work(signal);
  } catch (error) {
    const typed: TspError =
      error instanceof Error && "kind" in error
        ? (error as TspError)
        : controller.signal.aborted
          ? (controller.signal.reason as TspError)
          : signal.aborted
            ? new CancelledError(call, error)
            : noAnswer(error);
    if (options.sdk) report({ ...options.sdk.options, tokens: options.sdk.tokens }, typed, true);
    throw typed;
  } finally {
    clearTimeout(timer);
  }
}
