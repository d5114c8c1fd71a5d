import type { TabsState } from "@tsp/domain";
import { TabStrip } from "@tsp/ui";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useT } from "../i18n/i18n";

/** Props of {@link ShellTabs}. */
export interface ShellTabsProps {
  state: TabsState;
  onActivate(index: number): void;
  onClose(index: number): void;
  onCloseOthers(index: number): void;
  onCloseAll(): void;
}

interface MenuState {
  index: number;
  x: number;
  y: number;
}

/** Index of the tab an event happened on, found from the DOM the kit's strip renders. */
function tabIndexOf(target: EventTarget | null): { index: number; el: HTMLElement } | null {
  const el = (target as HTMLElement | null)?.closest?.<HTMLElement>('[role="tab"]');
  if (!el?.parentElement) return null;
  return { index: [...el.parentElement.children].indexOf(el), el };
}

/** A tab closes unless it is affixed (home) or does not exist. */
function isClosable(state: TabsState, index: number): boolean {
  const tab = state.tabs[index];
  return tab !== undefined && !tab.affix;
}

/**
 * The shell's tab list: @tsp/ui's TabStrip (tablist roles, arrow keys, Enter, Delete) plus the
 * context menu the issue asks for — 关闭 / 关闭其他 / 关闭全部 — opened by a right click or,
 * from the keyboard, by the context-menu key or Shift+F10 on a focused tab.
 */
export function ShellTabs({ state, onActivate, onClose, onCloseOthers, onCloseAll }: ShellTabsProps) {
  const t = useT();
  const [menu, setMenu] = useState<MenuState | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (target: EventTarget | null, at?: { x: number; y: number }) => {
    const hit = tabIndexOf(target);
    if (!hit) return false;
    opener.current = hit.el;
    const rect = hit.el.getBoundingClientRect();
    setMenu({ index: hit.index, x: at?.x ?? rect.left, y: at?.y ?? rect.bottom });
    return true;
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: listens to the tablist's own events as they bubble; the tabs are the interactive elements.
    <div
      onContextMenu={(e) => {
        if (open(e.target, { x: e.clientX, y: e.clientY })) e.preventDefault();
      }}
      onKeyDown={(e) => {
        if ((e.key === "ContextMenu" || (e.key === "F10" && e.shiftKey)) && open(e.target)) e.preventDefault();
      }}
    >
      <TabStrip state={state} onSelect={onActivate} onClose={onClose} label={t("tabs.label")} />
      {menu && (
        <TabMenu
          x={menu.x}
          y={menu.y}
          canClose={isClosable(state, menu.index)}
          onDismiss={() => {
            setMenu(null);
            opener.current?.focus();
          }}
          onPick={(action) => {
            setMenu(null);
            if (action === "close") onClose(menu.index);
            else if (action === "others") onCloseOthers(menu.index);
            else onCloseAll();
          }}
        />
      )}
    </div>
  );
}

type TabAction = "close" | "others" | "all";

/** The context menu of a tab: a `menu` with arrow-key movement, Escape and outside click close it. */
function TabMenu({
  x,
  y,
  canClose,
  onPick,
  onDismiss,
}: {
  x: number;
  y: number;
  canClose: boolean;
  onPick: (action: TabAction) => void;
  onDismiss: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const items: { action: TabAction; label: string; disabled: boolean }[] = [
    { action: "close", label: t("tabs.close"), disabled: !canClose },
    { action: "others", label: t("tabs.closeOthers"), disabled: false },
    { action: "all", label: t("tabs.closeAll"), disabled: false },
  ];
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>("button:not([disabled])")?.focus();
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) onDismiss();
    };
    addEventListener("mousedown", onDown);
    return () => removeEventListener("mousedown", onDown);
  }, [onDismiss]);
  const onKeyDown = (e: KeyboardEvent) => {
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>("button:not([disabled])") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === "Escape") onDismiss();
    else if (e.key === "ArrowDown") buttons[(at + 1) % buttons.length]?.focus();
    else if (e.key === "ArrowUp") buttons[(at - 1 + buttons.length) % buttons.length]?.focus();
    else return;
    e.preventDefault();
  };
  return (
    <div
      ref={ref}
      role="menu"
      aria-label={t("tabs.menu")}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="fixed z-50 min-w-28 rounded border border-gray-200 bg-white py-1 text-sm shadow-lg"
      style={{ left: x, top: y }}
    >
      {items.map((item) => (
        <button
          key={item.action}
          type="button"
          role="menuitem"
          disabled={item.disabled}
          onClick={() => onPick(item.action)}
          className="block w-full px-4 py-1.5 text-left text-gray-700 hover:bg-blue-50 hover:text-blue-700 focus:bg-blue-50 focus:outline-none disabled:text-gray-300"
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
