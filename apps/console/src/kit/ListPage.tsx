import type { FilterSchema } from "@tsp/domain";
import type { PermittedOperation } from "@tsp/sdk";
import { type Column, type ImportOptions, type ImportReport, ListScreen, type SearchField, SearchForm } from "@tsp/ui";
import { createContext, type ReactNode, useContext } from "react";
import type * as v from "valibot";
import { useT } from "../i18n/i18n";
import { ExportButton } from "./ExportButton";
import { ImportButton } from "./ImportButton";
import { type CursorListOptions, type NumberedListOptions, useListController } from "./useListController";

/** An import of a list: its operation, dialog title, template and the call. */
export interface ListImport {
  op: PermittedOperation;
  title: string;
  template: () => Promise<{ blob: Blob; fileName: string | undefined }>;
  importFile: (file: File, options: ImportOptions) => Promise<ImportReport>;
  fillHint?: string;
  allowCover?: boolean;
}

/** An export of a list: its operation and the call with the search form's filters. */
export interface ListExport<S extends FilterSchema> {
  op: PermittedOperation;
  run: (filters: v.InferOutput<S>) => Promise<unknown>;
}

/** Props of {@link ListPage}: the controller's options and what the screen shows. */
export type ListPageProps<S extends FilterSchema, Row> = (NumberedListOptions<S, Row> | CursorListOptions<S, Row>) & {
  title: string;
  /** The search form's fields (none: no search card). */
  search?: readonly SearchField[];
  /** The table's columns; a function of the searched filters when they depend on them (a view switch). */
  columns: readonly Column<Row>[] | ((filters: v.InferOutput<S>) => readonly Column<Row>[]);
  rowKey: (row: Row, index: number) => string;
  /** 导出 of the filters in the search form (shown with the operation's permission). */
  exportAs?: ListExport<S> | ((filters: v.InferOutput<S>) => ListExport<S>);
  /** 导入 above the table (shown with the operation's permission). */
  importAs?: ListImport | ((filters: v.InferOutput<S>) => ListImport);
  hint?: string;
  emptyText?: string;
  /** Beside the heading. */
  titleExtra?: (list: ReturnType<typeof useListController<S, Row>>) => ReactNode;
  /** Dialogs of the screen. */
  children?: ReactNode;
};

const ReloadContext = createContext<() => void>(() => {});

/** Reloads the list of the surrounding {@link ListPage} (after a row was edited or deleted). */
export function useListReload(): () => void {
  return useContext(ReloadContext);
}

/**
 * A whole list screen from one declaration (issue 13: "each screen file should read as a
 * short declaration"): the controller (address, paging, cancelling, polling), the search card
 * with 查询 / 重置 / 导出, 导入 with its template and per-row report, the table and its pager.
 * Row actions go in a column (`actionsColumn` with EditButton / DeleteButton).
 */
export function ListPage<S extends FilterSchema, Row>(props: ListPageProps<S, Row>) {
  const t = useT();
  const list = useListController<S, Row>(props);
  // What depends on the searched filters (e.g. the group of a view switch) is read from them.
  const exportAs = typeof props.exportAs === "function" ? props.exportAs(list.filters) : props.exportAs;
  const importAs = typeof props.importAs === "function" ? props.importAs(list.filters) : props.importAs;
  const columns = typeof props.columns === "function" ? props.columns(list.filters) : props.columns;
  return (
    <ReloadContext.Provider value={list.reload}>
      <ListScreen
        title={props.title}
        titleExtra={props.titleExtra?.(list)}
        search={
          props.search && (
            <SearchForm
              key={list.formKey}
              fields={props.search}
              values={list.filters}
              defaults={props.filters.defaults}
              ready={props.ready}
              onSearch={list.search}
              renderActions={
                exportAs &&
                ((draft, runnable) => (
                  <ExportButton op={exportAs.op} disabled={!runnable} run={() => exportAs.run(draft)} />
                ))
              }
            />
          )
        }
        toolbar={importAs && <ImportButton {...importAs} onImported={list.reload} />}
        searched={list.searched}
        hint={props.hint}
        columns={columns}
        rows={list.rows}
        rowKey={props.rowKey}
        loading={list.loading}
        emptyText={list.failed ? t("kit.loadFailed") : props.emptyText}
        paging={list.paging}
      >
        {props.children}
      </ListScreen>
    </ReloadContext.Provider>
  );
}
