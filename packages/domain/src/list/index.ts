// The screen kit's pure half (issue 13): filters in the address, the declarative search form's rules.
export { DATE_TIME_PATTERN, formatDateTimeText, MSG_DATE_TIME_FORMAT, parseDateTimeText } from "./dateTimeText";
export {
  choiceFilter,
  codesFilter,
  countFilter,
  type FilterCodec,
  type FilterSchema,
  filterCodec,
  flagFilter,
  textFilter,
  timeFilter,
} from "./filterCodec";
export { checkRecord, type RecordCheck, type RecordSchema } from "./recordCheck";
export {
  fieldId,
  isRequiredMissing,
  type KeyedRule,
  msgEnter,
  normalizeSearch,
  type SearchFieldRule,
  type SearchValues,
  searchProblems,
} from "./searchFields";
