import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { fileExtension, IMAGE_TYPES, VIDEO_TYPES, ZOOM_MAX, ZOOM_MIN } from "@tsp/domain";
import { useState } from "react";
import { buttonClass } from "../theme/classes";
import { stepZoom } from "./rules";

/** One previewable item. */
export interface PreviewItem {
  url: string;
  name: string;
  kind?: "image" | "video" | "pdf";
}

function kindOf(item: PreviewItem): "image" | "video" | "pdf" | "file" {
  if (item.kind) return item.kind;
  const ext = fileExtension(item.name || item.url.split("?")[0] || "");
  if (IMAGE_TYPES.includes(ext)) return "image";
  if (VIDEO_TYPES.includes(ext)) return "video";
  return ext === "pdf" ? "pdf" : "file";
}

/**
 * Full-screen preview (spec §4): closes on the close button, Escape or a backdrop click; images
 * zoom from 0.1 to 2 in steps of 0.1 (buttons, + / − keys, the wheel) and moving to another item
 * resets the zoom to 1; ←/→ move between items. Videos play inline (暂无视频资源！ without a
 * source), pdfs open in the browser's viewer, a failed image shows 加载失败.
 */
export function PreviewOverlay({
  items,
  index,
  onIndexChange,
  onClose,
}: {
  items: readonly PreviewItem[];
  /** The item shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  // Zoom and failure belong to the item on screen: moving to another item (even back to an
  // earlier one) starts at zoom 1 (spec §4). Reset while rendering, React's pattern for state
  // derived from a prop, so no frame shows the old zoom.
  const [view, setView] = useState<{ at: number | null; zoom: number; failed: boolean }>({
    at: index,
    zoom: 1,
    failed: false,
  });
  if (view.at !== index) setView({ at: index, zoom: 1, failed: false });
  const zoom = view.at === index ? view.zoom : 1;
  const failed = view.at === index && view.failed;
  const setZoom = (next: (z: number) => number) => setView({ at: index, zoom: next(zoom), failed });
  const setFailed = () => setView({ at: index, zoom, failed: true });
  const item = index === null ? undefined : items[index];
  const kind = item ? kindOf(item) : "file";
  const go = (d: number) => {
    if (index === null || items.length < 2) return;
    onIndexChange((index + d + items.length) % items.length);
  };

  return (
    <Dialog open={item !== undefined} onClose={onClose} className="fixed inset-0 z-[60]">
      <div className="fixed inset-0 bg-black/80" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className="flex max-h-full w-full max-w-5xl flex-col items-center gap-3 text-white"
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") go(1);
            else if (e.key === "ArrowLeft") go(-1);
            else if (kind === "image" && (e.key === "+" || e.key === "=")) setZoom((z) => stepZoom(z, 1));
            else if (kind === "image" && e.key === "-") setZoom((z) => stepZoom(z, -1));
            else return;
            e.preventDefault();
          }}
        >
          <div className="flex w-full items-center gap-2">
            <DialogTitle className="mr-auto truncate text-sm">
              预览：{item?.name}
              {items.length > 1 && index !== null && (
                <span className="ml-2 text-white/60">
                  {index + 1} / {items.length}
                </span>
              )}
            </DialogTitle>
            {kind === "image" && (
              <>
                <button
                  type="button"
                  className={buttonClass("default", "px-2")}
                  aria-label="缩小"
                  disabled={zoom <= ZOOM_MIN}
                  onClick={() => setZoom((z) => stepZoom(z, -1))}
                >
                  －
                </button>
                <output aria-label="缩放比例" className="w-12 text-center text-sm">
                  {Math.round(zoom * 100)}%
                </output>
                <button
                  type="button"
                  className={buttonClass("default", "px-2")}
                  aria-label="放大"
                  disabled={zoom >= ZOOM_MAX}
                  onClick={() => setZoom((z) => stepZoom(z, 1))}
                >
                  ＋
                </button>
              </>
            )}
            {items.length > 1 && (
              <>
                <button type="button" className={buttonClass("default")} onClick={() => go(-1)}>
                  上一个
                </button>
                <button type="button" className={buttonClass("default")} onClick={() => go(1)}>
                  下一个
                </button>
              </>
            )}
            <button type="button" className={buttonClass("default")} aria-label="关闭预览" onClick={onClose}>
              ✕
            </button>
          </div>
          <div className="flex max-h-[80vh] w-full items-center justify-center overflow-auto">
            {item && kind === "image" && !failed && (
              <img
                src={item.url}
                alt={item.name}
                onError={setFailed}
                onWheel={(e) => setZoom((z) => stepZoom(z, e.deltaY < 0 ? 1 : -1))}
                style={{ transform: `scale(${zoom})` }}
                className="max-h-[78vh] max-w-full origin-center object-contain transition-transform"
              />
            )}
            {item && kind === "image" && failed && (
              <div role="img" aria-label="加载失败" className="rounded bg-white/10 px-8 py-6 text-sm">
                加载失败
              </div>
            )}
            {item &&
              kind === "video" &&
              (item.url ? (
                // biome-ignore lint/a11y/useMediaCaption: operator-recorded vehicle clips carry no captions
                <video src={item.url} controls className="max-h-[78vh] max-w-full" />
              ) : (
                <div className="rounded bg-white/10 px-8 py-6 text-sm">暂无视频资源！</div>
              ))}
            {item && kind === "pdf" && (
              <object
                aria-label={item.name}
                data={item.url}
                type="application/pdf"
                className="h-[78vh] w-full rounded bg-white"
              >
                <a href={item.url} className="text-blue-600 underline">
                  下载 {item.name}
                </a>
              </object>
            )}
            {item && kind === "file" && (
              <a href={item.url} download={item.name} className="rounded bg-white/10 px-8 py-6 text-sm underline">
                下载 {item.name}
              </a>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
