import { useState } from "react";

/** One row of a {@link TreeCheck}, in tree order. */
export interface TreeCheckRow {
  id: number;
  parentId: number | null;
  depth: number;
  label: string;
  /** Small text after the label (a permission string, a path). */
  hint?: string;
}

/** Props of {@link TreeCheck}. */
export interface TreeCheckProps {
  /** The accessible name of the tree. */
  label: string;
  rows: readonly TreeCheckRow[];
  /** How a row's checkbox shows: its whole subtree ticked, part of it, none. */
  stateOf: (id: number) => "all" | "some" | "none";
  onToggle: (id: number) => void;
  /** Words of the expand / collapse buttons. */
  expandText: string;
  collapseText: string;
  disabled?: boolean;
}

/**
 * A tree of checkboxes (a role's menus and buttons): each row indented by depth, a branch
 * folds and unfolds, a partly ticked branch shows as indeterminate. What ticking means (the
 * whole subtree, the ancestors) is the caller's rule (`stateOf`, `onToggle`), so the widget
 * holds none. Every control is a native checkbox or button: Tab and Space work.
 */
export function TreeCheck({ label, rows, stateOf, onToggle, expandText, collapseText, disabled }: TreeCheckProps) {
  const [folded, setFolded] = useState<ReadonlySet<number>>(() => new Set());
  const hasChildren = new Set(rows.map((r) => r.parentId).filter((p): p is number => p !== null));
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const hiddenByFold = (r: TreeCheckRow) => {
    for (let p = r.parentId; p !== null && p !== undefined; p = parentOf.get(p) ?? null) if (folded.has(p)) return true;
    return false;
  };
  return (
    <ul aria-label={label} className="max-h-96 overflow-auto rounded border border-gray-200 p-2 text-sm">
      {rows
        .filter((r) => !hiddenByFold(r))
        .map((r) => {
          const state = stateOf(r.id);
          const isFolded = folded.has(r.id);
          return (
            <li key={r.id} className="flex items-center gap-1 py-0.5" style={{ paddingLeft: r.depth * 20 }}>
              {hasChildren.has(r.id) ? (
                <button
                  type="button"
                  className="h-5 w-5 rounded text-gray-500 hover:bg-gray-100"
                  aria-expanded={!isFolded}
                  aria-label={`${isFolded ? expandText : collapseText} ${r.label}`}
                  onClick={() =>
                    setFolded((f) => {
                      const next = new Set(f);
                      if (isFolded) next.delete(r.id);
                      else next.add(r.id);
                      return next;
                    })
                  }
                >
                  {isFolded ? "▸" : "▾"}
                </button>
              ) : (
                <span className="inline-block w-5" />
              )}
              <label className="flex items-center gap-1">
                <input
                  type="checkbox"
                  disabled={disabled}
                  checked={state === "all"}
                  ref={(el) => {
                    if (el) el.indeterminate = state === "some";
                  }}
                  onChange={() => onToggle(r.id)}
                />
                <span>{r.label}</span>
                {r.hint && <span className="text-xs text-gray-500">{r.hint}</span>}
              </label>
            </li>
          );
        })}
    </ul>
  );
}
