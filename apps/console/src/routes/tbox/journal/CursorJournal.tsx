import type { FilterCodec, FilterSchema } from "@tsp/domain";
import type { PermittedOperation } from "@tsp/sdk";
import { type Column, Dialog, ListScreen, type SearchField, SearchForm } from "@tsp/ui";
import { type ComponentType, type ReactNode, useState } from "react";
import type * as v from "valibot";
import { useT } from "../../../i18n/i18n";
import { ExportButton } from "../../../kit/ExportButton";
import { type ListController, useListController } from "../../../kit/useListController";

/** Props of {@link CursorJournal}: a journal's query, its columns and the detail of one message. */
export interface CursorJournalProps<S extends FilterSchema, Q, Row> {
  /** Where the page size is remembered. */
  screen: string;
  /** The heading, of the searched filters (the login journal names the chosen kind). */
  title: (filters: v.InferOutput<S>) => string;
  /** The journal's filters as they live in the address (VIN, range, order, its own). */
  filters: FilterCodec<S>;
  /** The search form: VIN, range and the filters of its kind. */
  fields: readonly SearchField[];
  /** What 重置 returns to (default: the codec's defaults). */
  resetTo?: (filters: v.InferOutput<S>) => v.InferOutput<S>;
  /** The call's query, or null while it may not be asked (no valid VIN or range). */
  query: (filters: v.InferOutput<S>) => Q | null;
  load: (
    query: Q,
    filters: v.InferOutput<S>,
    pageSize: number,
    rowKey: string | undefined,
    signal: AbortSignal,
  ) => Promise<{ list: Row[]; nextKey?: string | null }>;
  /** 导出 of the form's query as a task, behind the operation's permission. */
  exportAs: (filters: v.InferOutput<S>) => { op: PermittedOperation; run: (query: Q) => Promise<unknown> };
  /** The columns before the raw message. */
  columns: (filters: v.InferOutput<S>) => readonly Column<Row>[];
  rowKey: (row: Row, index: number) => string;
  /** The raw frame of a row (upper-case hex), shown on one line and opened in the detail. */
  content: (row: Row) => string;
  /** The decoded frame beside its bytes, in the dialog a clicked message opens. */
  Detail: ComponentType<{ row: Row; filters: v.InferOutput<S> }>;
  renderTitleExtra?: (list: ListController<S, Row>) => ReactNode;
  /** The hint before a query (default: the login journal's, platform-shell.md §2). */
  hint?: string;
}

/**
 * One cursor journal of TBOX可视化联调 (issue 16): VIN and time range with the filters of its
 * kind, the hint before a query, row-key cursor paging, 导出 as an export task behind its
 * permission, the raw message on one line, and — clicked — the decoded frame beside its bytes.
 * The login/logout journal and the message journals of the gateway's frames are each a
 * declaration of it.
 */
export function CursorJournal<S extends FilterSchema, Q, Row>(props: CursorJournalProps<S, Q, Row>) {
  const t = useT();
  const { Detail, query } = props;
  const require = (f: v.InferOutput<S>): Q => {
    const q = query(f);
    // The controller only loads ready filters; a null here is a programming slip.
    if (q === null) throw new Error("the journal was asked without a VIN and range");
    return q;
  };
  const list = useListController<S, Row>({
    screen: props.screen,
    filters: props.filters,
    paging: "cursor",
    ready: (f) => query(f) !== null,
    load: ({ filters, pageSize, rowKey, signal }) => props.load(require(filters), filters, pageSize, rowKey, signal),
  });
  const [open, setOpen] = useState<{ row: Row; filters: v.InferOutput<S> } | null>(null);
  const searched = list.filters;
  const exportAs = props.exportAs(searched);
  const content: Column<Row> = {
    key: "content",
    title: t("journal.col.content"),
    render: (row) => (
      <button
        type="button"
        title={props.content(row)}
        onClick={() => setOpen({ row, filters: searched })}
        className="block w-full truncate text-left font-mono text-xs text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
      >
        {props.content(row)}
      </button>
    ),
  };
  return (
    <ListScreen
      title={props.title(searched)}
      titleExtra={props.renderTitleExtra?.(list)}
      search={
        <SearchForm
          key={list.formKey}
          fields={props.fields}
          values={searched}
          defaults={props.resetTo ? props.resetTo(searched) : props.filters.defaults}
          ready={(f) => query(f as v.InferOutput<S>) !== null}
          onSearch={list.search}
          renderActions={(draft, runnable) => (
            <ExportButton
              op={exportAs.op}
              disabled={!runnable}
              run={async () => exportAs.run(require(draft as v.InferOutput<S>))}
            />
          )}
        />
      }
      searched={list.searched}
      hint={props.hint ?? t("journal.emptyHint")}
      columns={[...props.columns(searched), content]}
      rows={list.rows}
      rowKey={props.rowKey}
      loading={list.loading}
      emptyText={list.failed ? t("kit.loadFailed") : t("journal.noRows")}
      paging={list.paging}
    >
      <Dialog open={open !== null} title={t("frame.title")} onClose={() => setOpen(null)} width={1040}>
        {open && <Detail row={open.row} filters={open.filters} />}
      </Dialog>
    </ListScreen>
  );
}
