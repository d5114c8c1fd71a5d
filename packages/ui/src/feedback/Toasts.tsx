import { clsx } from "clsx";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

/** Kind of a toast: colours it and picks its ARIA role (errors and warnings interrupt). */
export type ToastKind = "success" | "info" | "warning" | "error";

/** One message on screen. */
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** What a widget or screen calls to tell a person something. */
export interface ToastApi {
  show(kind: ToastKind, text: string): void;
  success(text: string): void;
  info(text: string): void;
  warning(text: string): void;
  error(text: string): void;
}

const noop: ToastApi = { show() {}, success() {}, info() {}, warning() {}, error() {} };
const ToastContext = createContext<ToastApi>(noop);
const ToastListContext = createContext<{ toasts: readonly Toast[]; announcers: (delta: 1 | -1) => void }>({
  toasts: [],
  announcers: () => {},
});

/**
 * A modal dialog makes everything outside it inert (hidden from assistive tech), toasts
 * included. Dialogs render this visually hidden copy inside their panel so a message raised
 * while a dialog is open is still announced.
 */
export function ToastAnnouncer() {
  const { toasts, announcers } = useContext(ToastListContext);
  // While an announcer is mounted the regular list stays silent, so nothing is read twice.
  useEffect(() => {
    announcers(1);
    return () => announcers(-1);
  }, [announcers]);
  return (
    <div className="sr-only">
      {toasts.map((t) => (
        <div key={t.id} role={t.kind === "error" || t.kind === "warning" ? "alert" : "status"}>
          {t.text}
        </div>
      ))}
    </div>
  );
}

/**
 * The toast API of the nearest {@link ToastProvider}. Outside a provider the calls do nothing,
 * so a widget never crashes in isolation (tests and the gallery always provide one).
 */
export function useToast(): ToastApi {
  return useContext(ToastContext);
}

const kindClass: Record<ToastKind, string> = {
  success: "border-green-200 bg-green-50 text-green-800",
  info: "border-gray-200 bg-white text-gray-800",
  warning: "border-amber-200 bg-amber-50 text-amber-800",
  error: "border-red-200 bg-red-50 text-red-800",
};

/** Holds the toasts of a screen tree and renders them top-centre; each lasts `durationMs`. */
export function ToastProvider({ children, durationMs = 3000 }: { children: ReactNode; durationMs?: number }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [announcerCount, setAnnouncerCount] = useState(0);
  const announcers = useCallback((delta: 1 | -1) => setAnnouncerCount((n) => n + delta), []);
  const list = useMemo(() => ({ toasts, announcers }), [toasts, announcers]);
  const silent = announcerCount > 0;
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const api = useMemo<ToastApi>(() => {
    const show = (kind: ToastKind, text: string) => {
      const id = nextId.current++;
      setToasts((all) => [...all, { id, kind, text }]);
      setTimeout(() => dismiss(id), durationMs);
    };
    return {
      show,
      success: (t) => show("success", t),
      info: (t) => show("info", t),
      warning: (t) => show("warning", t),
      error: (t) => show("error", t),
    };
  }, [dismiss, durationMs]);
  return (
    <ToastContext.Provider value={api}>
      <ToastListContext.Provider value={list}>{children}</ToastListContext.Provider>
      <div
        aria-hidden={silent || undefined}
        className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            role={silent ? undefined : t.kind === "error" || t.kind === "warning" ? "alert" : "status"}
            className={clsx(
              "pointer-events-auto flex items-center gap-3 rounded border px-4 py-2 text-sm shadow",
              kindClass[t.kind],
            )}
          >
            <span>{t.text}</span>
            <button
              type="button"
              aria-label="关闭提示"
              className="text-current opacity-60 hover:opacity-100"
              onClick={() => dismiss(t.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
