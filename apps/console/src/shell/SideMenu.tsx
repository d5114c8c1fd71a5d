import { PLATFORM_NAME } from "@tsp/domain";
import { clsx } from "clsx";
import { useAtom } from "jotai";
import { useEffect, useRef, useState } from "react";
import { useT } from "../i18n/i18n";
import { hashHref } from "../routing/hashLocation";
import { sidebarCollapsedAtom } from "./shellAtoms";

/** One entry of the side menu: a group with children, or a leaf screen. */
export interface MenuEntry {
  path: string;
  title: string;
  children: readonly MenuEntry[];
}

/** Spec §9: sidebar width 240 px; collapsed it keeps room for the initials only. */
export const SIDEBAR_WIDTH = 240;
const COLLAPSED_WIDTH = 56;

function isUnder(path: string, entry: MenuEntry): boolean {
  return path === entry.path || path.startsWith(`${entry.path}/`);
}

/**
 * The side menu (spec §2): built from the permitted routes — already sorted by order with
 * hidden entries left out by @tsp/domain — as a tree of groups that open and close. It is a
 * `navigation` landmark; each group is a disclosure button, each screen a link.
 */
export function SideMenu({ entries, activePath }: { entries: readonly MenuEntry[]; activePath: string }) {
  const t = useT();
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedAtom);
  // Groups a person opened or closed; the rest are open exactly when they hold the current screen.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const open = new Set(entries.filter((e) => toggled.get(e.path) ?? isUnder(activePath, e)).map((e) => e.path));
  const toggle = (path: string) => setToggled((prev) => new Map(prev).set(path, !open.has(path)));
  return (
    <aside
      aria-label={t("menu.label")}
      className="flex shrink-0 flex-col bg-slate-900 text-slate-200 transition-[width] duration-150"
      style={{ width: collapsed ? COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
    >
      <div className="flex h-12 items-center gap-2 border-b border-slate-800 px-4">
        <span
          aria-hidden="true"
          className="flex size-6 shrink-0 items-center justify-center rounded bg-blue-600 text-xs font-bold text-white"
        >
          车
        </span>
        {!collapsed && <span className="truncate text-sm font-semibold text-white">{PLATFORM_NAME}</span>}
      </div>
      <nav aria-label={t("menu.label")} className="flex-1 overflow-y-auto py-2 text-sm">
        {!collapsed && (
          <ul>
            {entries.map((entry) => (
              <MenuNode
                key={entry.path}
                entry={entry}
                depth={0}
                activePath={activePath}
                open={open}
                onToggle={toggle}
              />
            ))}
          </ul>
        )}
      </nav>
      <button
        type="button"
        className="h-10 border-t border-slate-800 text-slate-400 hover:text-white"
        aria-label={collapsed ? t("menu.expand") : t("menu.collapse")}
        aria-expanded={!collapsed}
        onClick={() => setCollapsed(!collapsed)}
      >
        {collapsed ? "»" : "«"}
      </button>
    </aside>
  );
}

function MenuNode({
  entry,
  depth,
  activePath,
  open,
  onToggle,
}: {
  entry: MenuEntry;
  depth: number;
  activePath: string;
  open: ReadonlySet<string>;
  onToggle: (path: string) => void;
}) {
  const pad = { paddingLeft: 16 + depth * 16 };
  const active = entry.children.length === 0 && activePath === entry.path;
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // A screen opened by a tab or a link is shown in the menu even when the list is long.
    if (active) link.current?.scrollIntoView?.({ block: "nearest" });
  }, [active]);
  if (entry.children.length === 0) {
    return (
      <li>
        <a
          ref={link}
          href={hashHref(entry.path)}
          aria-current={active ? "page" : undefined}
          className={clsx(
            "block truncate py-2 pr-3 hover:bg-slate-800 hover:text-white focus-visible:bg-slate-800 focus-visible:outline-none",
            active && "bg-blue-600 text-white hover:bg-blue-600",
          )}
          style={pad}
        >
          {entry.title}
        </a>
      </li>
    );
  }
  const expanded = open.has(entry.path);
  const listId = `menu-${entry.path.replace(/\W+/g, "-")}`;
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => onToggle(entry.path)}
        className={clsx(
          "flex w-full items-center justify-between py-2 pr-3 text-left hover:bg-slate-800 hover:text-white focus-visible:bg-slate-800 focus-visible:outline-none",
          isUnder(activePath, entry) && "text-white",
        )}
        style={pad}
      >
        <span className="truncate">{entry.title}</span>
        <span aria-hidden="true" className={clsx("text-xs transition-transform", expanded && "rotate-90")}>
          ›
        </span>
      </button>
      {expanded && (
        <ul id={listId} className="bg-slate-950/40">
          {entry.children.map((child) => (
            <MenuNode
              key={child.path}
              entry={child}
              depth={depth + 1}
              activePath={activePath}
              open={open}
              onToggle={onToggle}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
