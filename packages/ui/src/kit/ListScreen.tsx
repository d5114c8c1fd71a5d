import { PAGE_SIZES } from "@tsp/domain";
import { type ReactNode, useId } from "react";
import { CursorPager } from "../table/CursorPager";
import { DataTable } from "../table/DataTable";
import { NumberedPager } from "../table/NumberedPager";
import type { Column } from "../table/types";
import { inputClass } from "../theme/classes";
import { useUiText } from "./uiText";

/** The pager under a list: numbered (total known) or a row-key cursor (journals). */
export type ListPaging =
  | {
      kind: "numbered";
      pageNum: number;
      pageSize: number;
      total: number;
      onChange: (pageNum: number, pageSize: number) => void;
    }
  | {
      kind: "cursor";
      page: number;
      nextKey: string | null;
      canGoBack: boolean;
      onNext: () => void;
      onBack: () => void;
      pageSize: number;
      onPageSize: (size: number) => void;
    };

/** Props of {@link ListScreen}. */
export interface ListScreenProps<T> {
  /** The screen's heading (its menu title). */
  title: string;
  /** Next to the heading (e.g. a view switch). */
  titleExtra?: ReactNode;
  /** The search card (usually a {@link SearchForm}). */
  search?: ReactNode;
  /** Buttons above the table (add, import…). */
  toolbar?: ReactNode;
  /** False until a search may run: the hint shows instead of the table (spec: journal before a query). */
  searched?: boolean;
  /** The pre-search hint. */
  hint?: string;
  /** Accessible name of the table (the heading unless given). */
  tableLabel?: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  loading: boolean;
  emptyText?: string;
  paging: ListPaging;
  height?: number;
  /** Dialogs and drawers of the screen. */
  children?: ReactNode;
}

/**
 * The screen kit's list layout (issue 13): heading, search card, toolbar, the table with its
 * pager (page size select included), the pre-search hint and the empty state. Data, paging
 * state and calls come from the console's list controller; this only lays them out, so every
 * list screen looks and behaves the same.
 */
export function ListScreen<T>({
  title,
  titleExtra,
  search,
  toolbar,
  searched = true,
  hint,
  tableLabel,
  columns,
  rows,
  rowKey,
  loading,
  emptyText,
  paging,
  height = 520,
  children,
}: ListScreenProps<T>) {
  const text = useUiText();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex min-h-8 items-center justify-between gap-4">
        <h1 id={headingId} className="text-base font-medium text-gray-800">
          {title}
        </h1>
        {titleExtra}
      </div>
      {search}
      {searched ? (
        <>
          {toolbar && <div className="flex flex-wrap items-center gap-2">{toolbar}</div>}
          <DataTable
            label={tableLabel ?? title}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            loading={loading}
            emptyText={emptyText}
            height={height}
            footer={
              paging.kind === "numbered" ? (
                <NumberedPager
                  pageNum={paging.pageNum}
                  pageSize={paging.pageSize}
                  total={paging.total}
                  onChange={paging.onChange}
                  disabled={loading}
                />
              ) : (
                <div className="flex items-center justify-end gap-3">
                  <label className="flex items-center gap-2 text-sm text-gray-600">
                    {text.pageSize}
                    <select
                      className={inputClass("w-20")}
                      value={paging.pageSize}
                      onChange={(e) => paging.onPageSize(Number(e.target.value))}
                    >
                      {PAGE_SIZES.map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </label>
                  <CursorPager
                    page={paging.page}
                    nextKey={paging.nextKey}
                    canGoBack={paging.canGoBack}
                    onNext={paging.onNext}
                    onBack={paging.onBack}
                    disabled={loading}
                  />
                </div>
              )
            }
          />
        </>
      ) : (
        <p className="rounded-md border border-dashed border-gray-300 bg-white p-10 text-center text-sm text-gray-500">
          {hint}
        </p>
      )}
      {children}
    </section>
  );
}
