// China time: the one clock of screens, sheets and daily figures.
export {
  CHINA_UTC_OFFSET_MS,
  chinaDate,
  chinaDateTime,
  chinaDayNumber,
  chinaDayStart,
  chinaMinute,
  chinaStamp,
  DAY_MS,
} from "./chinaTime";
// Date-range picker rules (platform-shell.md §5, §9; business-areas.md §5, §9).
export {
  DAY_MAX_DEFAULT,
  DAY_MIN,
  type DateRange,
  type DateRangeMode,
  dateRangeProblem,
  defaultDateRange,
  MONTH_MAX,
  MONTH_MIN,
  MSG_MONTH_SPAN,
  MSG_RANGE_REVERSED,
  MSG_WEEK_END_SUNDAY,
  MSG_WEEK_SPAN,
  MSG_WEEK_START_MONDAY,
  msgDaySpan,
  spanDays,
  spanMonths,
  WEEK_MAX_DAYS,
  WEEK_MIN_DAYS,
  withDefaultTimes,
} from "./dateRange";
