/**
 * The spec's loading overlay (§7: the shared client shows it while a call is pending).
 * `fullScreen` covers the viewport; otherwise it covers the nearest positioned parent.
 */
export function LoadingOverlay({
  show,
  text = "加载中…",
  fullScreen = false,
}: {
  show: boolean;
  text?: string;
  fullScreen?: boolean;
}) {
  if (!show) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      className={`${fullScreen ? "fixed" : "absolute"} inset-0 z-40 flex items-center justify-center bg-white/60`}
    >
      <span className="flex items-center gap-2 rounded bg-white px-4 py-2 text-sm text-gray-600 shadow">
        <span
          aria-hidden="true"
          className="inline-block size-4 animate-spin rounded-full border-2 border-blue-600 border-t-transparent"
        />
        {text}
      </span>
    </div>
  );
}
