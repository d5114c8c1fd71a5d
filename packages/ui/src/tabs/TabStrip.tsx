import type { TabsState } from "@tsp/domain";
import { clsx } from "clsx";
import { type KeyboardEvent, useEffect, useRef } from "react";

/**
 * The visited-pages tab strip: renders the domain's tab state (reduceTabs) and reports what
 * the person did; the shell runs the reducer and navigates (CONVENTIONS.md: reducers return
 * what to do). ←/→/Home/End move between tabs, Enter or Space opens, Delete closes; affixed
 * tabs (home) have no close button.
 */
export function TabStrip({
  state,
  onSelect,
  onClose,
  label = "已打开的页面",
}: {
  state: TabsState;
  onSelect: (index: number) => void;
  onClose: (index: number) => void;
  label?: string;
}) {
  const refs = useRef<(HTMLDivElement | null)[]>([]);
  // After a keyboard close the focused tab is gone: move focus to the newly active tab.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    refs.current[Math.max(0, state.activeIndex)]?.focus();
  }, [state]);
  const focusAt = (i: number) => refs.current[(i + state.tabs.length) % state.tabs.length]?.focus();
  const onKey = (e: KeyboardEvent, i: number) => {
    const tab = state.tabs[i];
    switch (e.key) {
      case "ArrowRight":
        focusAt(i + 1);
        break;
      case "ArrowLeft":
        focusAt(i - 1);
        break;
      case "Home":
        focusAt(0);
        break;
      case "End":
        focusAt(state.tabs.length - 1);
        break;
      case "Enter":
      case " ":
        onSelect(i);
        break;
      case "Delete":
        if (tab && !tab.affix) {
          refocus.current = true;
          onClose(i);
        }
        break;
      default:
        return;
    }
    e.preventDefault();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className="flex h-9 items-end gap-1 overflow-x-auto border-b border-gray-200 bg-white px-2"
    >
      {state.tabs.map((t, i) => {
        const active = i === state.activeIndex;
        return (
          <div
            key={t.path}
            ref={(el) => {
              refs.current[i] = el;
            }}
            role="tab"
            aria-selected={active}
            tabIndex={active || (state.activeIndex < 0 && i === 0) ? 0 : -1}
            onClick={() => onSelect(i)}
            onKeyDown={(e) => onKey(e, i)}
            className={clsx(
              "group flex h-8 shrink-0 cursor-pointer items-center gap-1 rounded-t border border-b-0 px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40",
              active
                ? "border-gray-200 bg-blue-50 text-blue-700"
                : "border-transparent text-gray-600 hover:text-blue-600",
            )}
          >
            <span>{t.meta.title}</span>
            {!t.affix && (
              // Not a button: a control inside role=tab is announced wrongly (axe nested-interactive).
              // Keyboard users close with Delete (above) or the tab menu's 关闭; this is the mouse's way.
              <span
                aria-hidden="true"
                title={`关闭 ${t.meta.title}`}
                data-close-tab={t.path}
                className="flex size-4 items-center justify-center rounded-full text-xs text-gray-500 hover:bg-gray-300 hover:text-white"
                onClick={(e) => {
                  e.stopPropagation();
                  onClose(i);
                }}
              >
                ×
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
