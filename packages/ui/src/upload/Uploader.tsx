import { canAddFile, MSG_UPLOAD_FAILED, type SizeWording, VIDEO_MAX_SECONDS_DEFAULT } from "@tsp/domain";
import { clsx } from "clsx";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useToast } from "../feedback/Toasts";
import { buttonClass } from "../theme/classes";
import { fileMd5 } from "./md5";
import { browserMeasure, type MediaMeasure } from "./measure";
import { type PreviewItem, PreviewOverlay } from "./PreviewOverlay";
import { acceptOf, checkDuration, checkFile, checkRatio, DEFAULT_UPLOAD_LIMIT } from "./rules";
import type { UploadedFile, UploadFn, UploadKind } from "./types";

/** Props of {@link Uploader}. */
export interface UploaderProps {
  kind: UploadKind;
  /** Accessible name, e.g. 车辆照片. */
  label: string;
  value: readonly UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  /** The injected signed upload. */
  upload: UploadFn;
  /** Several files (default 9) or one. */
  multiple?: boolean;
  /** File count cap; default 9 when multiple, 1 otherwise (spec §5). */
  limit?: number;
  maxSizeMb?: number;
  /** Wording of the size message: 上传文件不能超过{n}M (default) or 文件大小不能超过{n}M ("file"). */
  sizeWording?: SizeWording;
  /** The simple image uploader's 1 MB rule (图片大小不能超过1M!). */
  simpleImage?: boolean;
  pattern?: RegExp;
  /** Wanted image width:height, e.g. [16, 9]. */
  ratio?: readonly [number, number];
  /** Video limit in seconds (default 300). */
  maxDurationSec?: number;
  /** Object key from the file and its MD5; by default the MD5 itself (spec §5). */
  objectKey?: (file: File, md5: string) => string;
  /** Media decoding; the browser's by default, injectable for tests. */
  measure?: MediaMeasure;
  disabled?: boolean;
}

interface Pending {
  id: string;
  name: string;
  percent: number;
}

const kindText: Record<UploadKind, string> = { file: "文件", image: "图片", video: "视频", pdf: "PDF" };

/**
 * File, image, video and pdf uploader (spec §4–5): checks type, size, ratio and duration with
 * the spec's messages, hashes the file (MD5 = object key), uploads through the injected signed
 * upload showing its percent, and emits the stored files. The add button hides at the limit.
 * Items preview in the overlay; each has a remove button.
 */
export function Uploader({
  kind,
  label,
  value,
  onChange,
  upload,
  multiple = false,
  limit,
  maxSizeMb,
  sizeWording,
  simpleImage,
  pattern,
  ratio,
  maxDurationSec = VIDEO_MAX_SECONDS_DEFAULT,
  objectKey = (_f, md5) => md5,
  measure = browserMeasure,
  disabled,
}: UploaderProps) {
  const cap = limit ?? (multiple ? DEFAULT_UPLOAD_LIMIT : 1);
  const toast = useToast();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [preview, setPreview] = useState<number | null>(null);
  // Uploads nobody waits for any more (the widget left the screen) are aborted.
  const aborts = useRef(new Set<AbortController>());
  useEffect(() => {
    const pendingUploads = aborts.current;
    return () => {
      for (const c of pendingUploads) c.abort();
    };
  }, []);
  const valueRef = useRef(value);
  useLayoutEffect(() => {
    valueRef.current = value;
  });

  const accept = async (file: File): Promise<UploadedFile | null> => {
    const bad = checkFile(file, { kind, pattern, maxSizeMb, simpleImage, ...(sizeWording ? { sizeWording } : {}) });
    if (bad) {
      toast.warning(bad);
      return null;
    }
    let duration: number | undefined;
    try {
      if (kind === "image" && ratio !== undefined) {
        const { width, height } = await measure.image(file);
        const wrong = checkRatio(width, height, ratio);
        if (wrong) {
          toast.warning(wrong);
          return null;
        }
      }
      if (kind === "video") {
        duration = await measure.videoDuration(file);
        const tooLong = checkDuration(duration, maxDurationSec);
        if (tooLong) {
          toast.warning(tooLong);
          return null;
        }
      }
    } catch {
      toast.warning(`无法读取该${kindText[kind]}，请重新上传`);
      return null;
    }
    const id = `${file.name}-${Date.now()}-${Math.random()}`;
    setPending((p) => [...p, { id, name: file.name, percent: 0 }]);
    const ctrl = new AbortController();
    aborts.current.add(ctrl);
    try {
      const md5 = await fileMd5(file);
      const key = objectKey(file, md5);
      const contentType = file.type || "application/octet-stream";
      const res = await upload(file, {
        objectKey: key,
        contentType,
        signal: ctrl.signal,
        onProgress: (percent) => setPending((p) => p.map((x) => (x.id === id ? { ...x, percent } : x))),
      });
      return {
        objectKey: res.objectKey ?? key,
        url: res.url,
        name: file.name,
        size: file.size,
        fileMd5: md5,
        contentType,
        ...(duration !== undefined ? { duration } : {}),
      };
    } catch {
      if (!ctrl.signal.aborted) toast.error(MSG_UPLOAD_FAILED);
      return null;
    } finally {
      aborts.current.delete(ctrl);
      setPending((p) => p.filter((x) => x.id !== id));
    }
  };

  const onFiles = async (files: File[]) => {
    const room = cap - valueRef.current.length;
    if (files.length > room) toast.warning(`最多上传${cap}个${kindText[kind]}`);
    let current = [...valueRef.current];
    for (const file of files.slice(0, Math.max(0, room))) {
      const done = await accept(file);
      if (done) {
        current = [...current, done];
        onChange(current);
      }
    }
  };

  const items: PreviewItem[] = value.map((f) => ({
    url: f.url,
    name: f.name,
    ...(kind === "file" ? {} : { kind }),
  }));
  const full = !canAddFile(value.length + pending.length, cap);

  return (
    <fieldset className="min-w-0 text-sm" aria-label={label} disabled={disabled}>
      <ul className={clsx("flex flex-wrap gap-2", kind !== "image" && "flex-col")}>
        {value.map((f, i) => (
          <li
            key={f.objectKey + f.url}
            className={clsx(
              "group relative flex items-center gap-2 rounded border border-gray-200 bg-white",
              kind === "image" ? "size-24 justify-center overflow-hidden" : "h-8 px-2",
            )}
          >
            <button
              type="button"
              className={clsx(
                "focus-visible:ring-2 focus-visible:ring-blue-600/40",
                kind === "image" ? "size-full" : "truncate text-blue-600 hover:underline",
              )}
              aria-label={`预览 ${f.name}`}
              onClick={() => setPreview(i)}
            >
              {kind === "image" ? <img src={f.url} alt={f.name} className="size-full object-cover" /> : f.name}
            </button>
            <button
              type="button"
              aria-label={`删除 ${f.name}`}
              className={clsx(
                "text-gray-500 hover:text-red-600",
                kind === "image" &&
                  "absolute top-0 right-0 flex size-6 items-center justify-center bg-black/50 text-white opacity-0 group-focus-within:opacity-100 group-hover:opacity-100",
              )}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </li>
        ))}
        {pending.map((p) => (
          <li
            key={p.id}
            className={clsx(
              "flex items-center gap-2 rounded border border-dashed border-blue-300 bg-blue-50/50 text-blue-700",
              kind === "image" ? "size-24 flex-col justify-center" : "h-8 px-2",
            )}
          >
            <span className="max-w-full truncate text-xs">{p.name}</span>
            <progress aria-label={`${p.name} 上传进度`} value={p.percent} max={100} className="sr-only" />
            <span aria-hidden="true">{p.percent}%</span>
          </li>
        ))}
        {!full && (
          <li>
            <label
              htmlFor={inputId}
              className={
                kind === "image"
                  ? "flex size-24 cursor-pointer flex-col items-center justify-center rounded border border-dashed border-gray-300 text-gray-500 hover:border-blue-600 hover:text-blue-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600/40"
                  : buttonClass("default", "cursor-pointer has-[:focus-visible]:ring-2")
              }
            >
              <span aria-hidden="true">{kind === "image" ? "＋" : "↑"}</span>
              <span>上传{kindText[kind]}</span>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                className="sr-only"
                aria-label={`${label}：上传${kindText[kind]}`}
                accept={acceptOf(kind)}
                multiple={multiple}
                onChange={(e) => {
                  const files = Array.from(e.target.files ?? []);
                  e.target.value = "";
                  void onFiles(files);
                }}
              />
            </label>
          </li>
        )}
      </ul>
      <PreviewOverlay items={items} index={preview} onIndexChange={setPreview} onClose={() => setPreview(null)} />
    </fieldset>
  );
}
