// Search panels, number ranges and the journal query (platform-shell.md §2, §3, §5).
export { type LoginLogQuery, loginLogQuery } from "./loginLogQuery";
export {
  MSG_RANGE_ORDER,
  NUMBER_RANGE_MAX,
  NUMBER_RANGE_MAX_LENGTH,
  numberRangeProblem,
  parseNumberRangeInput,
} from "./numberRange";
export {
  EMPTY_SEARCH,
  isSearchDisabled,
  isSearchPanelCollapsible,
  msgChoose,
  SEARCH_PANEL_COLLAPSE_AT,
  type SearchFormErrors,
  type SearchFormOptions,
  type SearchFormValues,
  type TimeRange,
  validateSearchForm,
} from "./searchForm";
