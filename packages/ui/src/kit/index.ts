// The screen kit's widgets (issue 13): layout, search form, columns, dialogs, words.

export { ConfirmDialog } from "./ConfirmDialog";
export {
  actionsColumn,
  Badge,
  type BadgeTone,
  dateColumn,
  dateTimeColumn,
  ellipsisColumn,
  enumColumn,
  progressColumn,
} from "./columns";
export { DateTimeRangeField, type DateTimeRangeFieldProps } from "./DateTimeRangeField";
export { type DetailItem, DetailList } from "./DetailList";
export { type FieldErrors, FormDialog, type FormDialogProps, type FormField, linesOf } from "./FormDialog";
export { type ListPaging, ListScreen, type ListScreenProps } from "./ListScreen";
export { SearchForm, type SearchFormProps } from "./SearchForm";
export { Segmented } from "./Segmented";
export type { SearchField } from "./searchFieldTypes";
export { TreeCheck, type TreeCheckProps, type TreeCheckRow } from "./TreeCheck";
export { DEFAULT_UI_TEXT, type UiText, UiTextProvider, useUiText, withN } from "./uiText";
