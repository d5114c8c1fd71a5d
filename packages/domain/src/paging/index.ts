// Paging: numbered tables, cursor tables and remote selects (platform-shell.md §2, §3, §7, §9).
export {
  type CursorPaging,
  type CursorPagingAction,
  canGoBack,
  canGoNext,
  cursorPageNumber,
  cursorQuery,
  initialCursorPaging,
  reduceCursorPaging,
} from "./cursorPaging";
export {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  initialNumberedPaging,
  type NumberedPaging,
  type NumberedPagingAction,
  PAGE_SIZE_STORAGE_KEY,
  PAGE_SIZES,
  pageCount,
  reduceNumberedPaging,
  rememberedPageSize,
} from "./numberedPaging";
export { BULK_SEARCH_PAGE_SIZE, SELECTOR_PAGE_SIZE, shouldLoadNextPage } from "./selectorPaging";
