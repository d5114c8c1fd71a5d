import { isSearchPanelCollapsible } from "@tsp/domain";
import { Children, isValidElement, type ReactNode, useId, useState } from "react";
import { useUiText } from "../kit/uiText";

/** Items shown while a collapsible panel is collapsed (one row of the 3-column grid minus the buttons). */
const COLLAPSED_ITEMS = 2;

/** One labelled item of a search panel (label width 120 px, a third of the row: spec §9 span 8 of 24). */
export function SearchItem({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
  /** Takes two thirds of the row (date-time ranges: two 19-character boxes). Read by the panel. */
  wide?: boolean;
}) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <label htmlFor={htmlFor} className="w-[120px] shrink-0 pt-1.5 text-right text-sm text-gray-600">
        {label}
      </label>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/**
 * Search panel frame: items in a 3-column grid and the action buttons at the end of the last
 * row. With 6 or more items (the domain's rule) it starts collapsed to its first row and offers
 * 展开 / 收起 (aria-expanded); the hidden items stay mounted so their values survive.
 */
export function CollapsiblePanel({
  label,
  children,
  actions,
  onSubmit,
}: {
  label: string;
  children: ReactNode;
  actions: ReactNode;
  onSubmit?: () => void;
}) {
  const items = Children.toArray(children);
  const collapsible = isSearchPanelCollapsible(items.length);
  const [expanded, setExpanded] = useState(!collapsible);
  const id = useId();
  const text = useUiText();
  return (
    <form
      aria-label={label}
      className="rounded border border-gray-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit?.();
      }}
    >
      <div id={id} className="grid grid-cols-1 gap-x-4 gap-y-3 md:grid-cols-2 xl:grid-cols-3">
        {items.map((item, i) => (
          <div
            key={(item as { key?: string }).key ?? i}
            hidden={!expanded && i >= COLLAPSED_ITEMS}
            className={isValidElement<{ wide?: boolean }>(item) && item.props.wide ? "md:col-span-2" : undefined}
          >
            {item}
          </div>
        ))}
        <div className="flex items-start justify-end gap-2 xl:col-end-4">
          {actions}
          {collapsible && (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={id}
              className="inline-flex h-8 items-center px-1 text-sm text-blue-600 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
              onClick={() => setExpanded((x) => !x)}
            >
              {expanded ? `${text.collapse} ▴` : `${text.expand} ▾`}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
