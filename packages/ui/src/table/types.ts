import type { ReactNode } from "react";

/** One column of a {@link DataTable}. */
export interface Column<T> {
  key: string;
  title: string;
  /** Fixed width in px; columns without one share the rest. */
  width?: number;
  /** Cell content; defaults to `String(row[key])`. */
  render?: (row: T, index: number) => ReactNode;
  /** Single-line ellipsis; the full text is one click (or Enter) away (spec: raw message column). */
  ellipsis?: boolean;
  /** Plain text used for the ellipsis tooltip and the full-text popover; defaults to the cell value. */
  text?: (row: T) => string;
  align?: "left" | "right" | "center";
  /**
   * Kept in view at the right edge while the table scrolls sideways (the row actions: a wide
   * list on a 1280 px screen must not hide 编辑/删除 behind a scroll).
   */
  stickyRight?: boolean;
}
