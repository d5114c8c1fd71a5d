import { observeElementRect, useVirtualizer } from "@tanstack/react-virtual";
import { clsx } from "clsx";
import { type ReactNode, useRef } from "react";
import { EmptyState } from "../feedback/EmptyState";
import { LoadingOverlay } from "../feedback/LoadingOverlay";
import { useUiText } from "../kit/uiText";
import { EllipsisCell } from "./EllipsisCell";
import type { Column } from "./types";

/** Props of {@link DataTable}. */
export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  /** Accessible name of the table. */
  label: string;
  loading?: boolean;
  /** Text of the empty state; the spec's 暂无数据 by default. */
  emptyText?: string;
  /** Body height in px. Long lists (over `virtualFrom` rows) scroll virtually inside it. */
  height?: number;
  /** Row count from which rows are virtualised (only visible rows are in the DOM). */
  virtualFrom?: number;
  /** Estimated row height for the virtualiser (the kit's rows are 36 px). */
  rowHeight?: number;
  footer?: ReactNode;
}

const ROW_HEIGHT = 36;

/**
 * The least width a column without a fixed one gets. With `table-layout: fixed` such columns
 * share what the fixed ones leave; on a narrow screen that could be nothing, squeezing their
 * text to a letter a line. The table is at least this wide per shared column plus the fixed
 * widths, and scrolls sideways beyond that.
 */
export const MIN_SHARED_COLUMN_WIDTH = 120;

/** The width below which the table scrolls sideways instead of squeezing its columns. */
export function tableMinWidth(columns: readonly { width?: number }[]): number {
  return columns.reduce((sum, c) => sum + (c.width ?? MIN_SHARED_COLUMN_WIDTH), 0);
}

const STICKY_RIGHT = "sticky right-0 shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.15)]";

function cellValue<T>(col: Column<T>, row: T, index: number): ReactNode {
  if (col.ellipsis) return <EllipsisCell text={textOf(col, row)} />;
  if (col.render) return col.render(row, index);
  return textOf(col, row);
}

function textOf<T>(col: Column<T>, row: T): string {
  if (col.text) return col.text(row);
  const v = (row as Record<string, unknown>)[col.key];
  return v === null || v === undefined ? "" : String(v);
}

/**
 * The table shell every list screen uses: sticky header, 36 px rows, an empty state, a
 * loading overlay, ellipsis columns, and virtual scrolling (@tanstack/react-virtual) for long
 * lists so ten thousand rows cost as much as thirty. Paging controls go in `footer`.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  label,
  loading = false,
  emptyText,
  height = 420,
  virtualFrom = 100,
  rowHeight = ROW_HEIGHT,
  footer,
}: DataTableProps<T>) {
  const text = useUiText();
  const scrollRef = useRef<HTMLElement>(null);
  const virtual = rows.length > virtualFrom;
  // oxlint-disable-next-line react/incompatible-library -- no React Compiler here; the virtualiser re-renders us itself
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // Before layout (first paint, or a DOM without layout such as happy-dom) the element
    // measures 0; fall back to the declared height so a window of rows still renders.
    initialRect: { width: 0, height },
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height })),
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const visible: { row: T; index: number }[] = virtual
    ? items.flatMap((it) => {
        const row = rows[it.index];
        return row === undefined ? [] : [{ row, index: it.index }];
      })
    : rows.map((row, index) => ({ row, index }));

  return (
    <div className="relative rounded border border-gray-200 bg-white text-sm">
      <section
        ref={scrollRef}
        className="overflow-auto"
        style={{ maxHeight: height }}
        // A focusable scroll region so keyboard users can scroll a long list with the arrow keys.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={`${label}（可滚动）`}
      >
        <table
          aria-label={label}
          aria-rowcount={rows.length + 1}
          className="w-full table-fixed border-collapse"
          style={{ minWidth: tableMinWidth(columns) }}
        >
          <colgroup>
            {columns.map((c) => (
              <col key={c.key} style={c.width ? { width: c.width } : undefined} />
            ))}
          </colgroup>
          <thead className="sticky top-0 z-10 bg-gray-50">
            <tr aria-rowindex={1}>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={clsx(
                    "h-9 border-b border-gray-200 px-3 font-medium text-gray-600",
                    c.stickyRight && `${STICKY_RIGHT} bg-gray-50`,
                    c.align === "right" ? "text-right" : c.align === "center" ? "text-center" : "text-left",
                  )}
                >
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr>
                <td colSpan={columns.length} style={{ height: padTop, padding: 0 }} />
              </tr>
            )}
            {visible.map(({ row, index }) => (
              <tr
                key={rowKey(row, index)}
                aria-rowindex={index + 2}
                className="border-b border-gray-100 hover:bg-blue-50/40"
                style={{ height: rowHeight }}
              >
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={clsx(
                      "px-3 py-1.5 text-gray-800",
                      c.ellipsis ? "max-w-0" : "break-words",
                      c.stickyRight && `${STICKY_RIGHT} bg-white`,
                      c.align === "right" ? "text-right" : c.align === "center" ? "text-center" : "text-left",
                    )}
                  >
                    {cellValue(c, row, index)}
                  </td>
                ))}
              </tr>
            ))}
            {padBottom > 0 && (
              <tr>
                <td colSpan={columns.length} style={{ height: padBottom, padding: 0 }} />
              </tr>
            )}
          </tbody>
        </table>
        {rows.length === 0 && !loading && <EmptyState text={emptyText ?? text.noData} />}
      </section>
      {footer && <div className="border-t border-gray-200 px-3 py-2">{footer}</div>}
      <LoadingOverlay show={loading} />
    </div>
  );
}
