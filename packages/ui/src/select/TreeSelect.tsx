import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { clsx } from "clsx";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { inputClass } from "../theme/classes";

/** A node of a {@link TreeSelect}. */
export interface TreeNode {
  id: string;
  label: string;
  children?: TreeNode[];
}

interface Visible {
  node: TreeNode;
  level: number;
  path: TreeNode[];
}

function flatten(nodes: readonly TreeNode[], open: ReadonlySet<string>, level = 1, path: TreeNode[] = []): Visible[] {
  return nodes.flatMap((node) => {
    const here = [...path, node];
    const self: Visible = { node, level, path: here };
    return node.children?.length && open.has(node.id)
      ? [self, ...flatten(node.children, open, level + 1, here)]
      : [self];
  });
}

/** Finds the path from a root to the node with `id`, or null. */
export function findPath(nodes: readonly TreeNode[], id: string): TreeNode[] | null {
  for (const n of nodes) {
    if (n.id === id) return [n];
    const sub = n.children ? findPath(n.children, id) : null;
    if (sub) return [n, ...sub];
  }
  return null;
}

/** Props of {@link TreeSelect}. */
export interface TreeSelectProps {
  label: string;
  nodes: readonly TreeNode[];
  /** The chosen node's id (any level). */
  value: string | null;
  /** Called with the chosen node and its path from the root. */
  onChange: (id: string | null, path: TreeNode[]) => void;
  loading?: boolean;
  className?: string;
}

/**
 * A dropdown tree (WAI-ARIA tree pattern): ↑/↓ move, → opens or goes to the first child,
 * ← closes or goes to the parent, Enter or Space chooses, Escape closes. Any level may be chosen.
 */
export function TreeSelect({ label, nodes, value, onChange, loading, className }: TreeSelectProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [active, setActive] = useState<string | null>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => flatten(nodes, open), [nodes, open]);
  const selectedPath = useMemo(() => (value ? findPath(nodes, value) : null), [nodes, value]);
  const activeIndex = Math.max(
    0,
    rows.findIndex((r) => r.node.id === (active ?? value)),
  );

  const toggle = (id: string, to?: boolean) =>
    setOpen((s) => {
      const n = new Set(s);
      if (to ?? !n.has(id)) n.add(id);
      else n.delete(id);
      return n;
    });

  const focusRow = (i: number) => {
    const r = rows[Math.min(rows.length - 1, Math.max(0, i))];
    if (r) setActive(r.node.id);
  };

  const onKey = (e: KeyboardEvent, close: () => void) => {
    const cur = rows[activeIndex];
    if (!cur) return;
    const hasKids = !!cur.node.children?.length;
    switch (e.key) {
      case "ArrowDown":
        focusRow(activeIndex + 1);
        break;
      case "ArrowUp":
        focusRow(activeIndex - 1);
        break;
      case "ArrowRight":
        if (hasKids && !open.has(cur.node.id)) toggle(cur.node.id, true);
        else if (hasKids) focusRow(activeIndex + 1);
        break;
      case "ArrowLeft":
        if (hasKids && open.has(cur.node.id)) toggle(cur.node.id, false);
        else if (cur.path.length > 1) setActive(cur.path[cur.path.length - 2]?.id ?? null);
        break;
      case "Enter":
      case " ":
        onChange(cur.node.id, cur.path);
        close();
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const activeId = rows[activeIndex]?.node.id;
  const chosen = selectedPath?.map((n) => n.label).join(" / ");
  return (
    <Popover className={clsx("relative inline-block w-56", className)}>
      {/* The name holds the visible text (WCAG 2.5.3 label in name): the field, then the choice. */}
      <PopoverButton
        aria-label={chosen ? `${label}：${chosen}` : `请选择${label}`}
        className={inputClass("flex w-full items-center gap-1 text-left")}
      >
        <span className="min-w-0 flex-1 truncate">
          {chosen ? chosen : <span className="text-gray-500">请选择{label}</span>}
        </span>
        <span aria-hidden="true" className="text-gray-500">
          ▾
        </span>
      </PopoverButton>
      <PopoverPanel
        anchor="bottom start"
        focus
        className="z-50 max-h-72 w-[var(--button-width)] min-w-56 overflow-auto rounded border border-gray-200 bg-white py-1 text-sm shadow-lg"
      >
        {({ close }) => (
          <div
            ref={treeRef}
            role="tree"
            aria-label={label}
            tabIndex={0}
            aria-activedescendant={activeId ? `tree-${label}-${activeId}` : undefined}
            onKeyDown={(e) => onKey(e, close)}
            className="focus:outline-none"
          >
            {loading && <div className="px-3 py-1.5 text-gray-500">加载中…</div>}
            {!loading && rows.length === 0 && <div className="px-3 py-1.5 text-gray-500">暂无数据</div>}
            {rows.map((r, i) => {
              const hasKids = !!r.node.children?.length;
              return (
                <div
                  key={r.node.id}
                  id={`tree-${label}-${r.node.id}`}
                  role="treeitem"
                  aria-level={r.level}
                  aria-expanded={hasKids ? open.has(r.node.id) : undefined}
                  aria-selected={r.node.id === value}
                  tabIndex={-1}
                  className={clsx(
                    "flex cursor-pointer items-center gap-1 py-1.5 pr-3",
                    i === activeIndex && "bg-blue-50 text-blue-700",
                    r.node.id === value && "font-medium text-blue-700",
                  )}
                  style={{ paddingLeft: 8 + (r.level - 1) * 16 }}
                  onClick={() => {
                    onChange(r.node.id, r.path);
                    close();
                  }}
                  onKeyDown={() => {}}
                >
                  <button
                    type="button"
                    tabIndex={-1}
                    aria-hidden="true"
                    className={clsx("w-4 text-gray-500", !hasKids && "invisible")}
                    onClick={(e) => {
                      e.stopPropagation();
                      toggle(r.node.id);
                    }}
                  >
                    {open.has(r.node.id) ? "▾" : "▸"}
                  </button>
                  {r.node.label}
                </div>
              );
            })}
          </div>
        )}
      </PopoverPanel>
    </Popover>
  );
}
