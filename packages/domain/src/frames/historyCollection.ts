import * as v from "valibot";
import { isVin, MSG_ENTER_VIN, MSG_VIN_LENGTH } from "../identifiers/vin";
import { parseDateTimeText } from "../list/dateTimeText";

/** The longest range a history collection takes (the journals' 31 days). */
export const HISTORY_MAX_DAYS = 31;
/** The longest remark. */
export const HISTORY_REMARK_MAX = 200;

/** What 新建采集 sends once its form is read (times in epoch ms). */
export interface HistoryCollectionDraft {
  readonly vin: string;
  readonly startTime: number;
  readonly endTime: number;
  readonly remark: string;
}

const time = (label: string) =>
  v.pipe(
    v.nullable(v.string()),
    v.check((s) => s !== null && s.trim() !== "", `请输入${label}`),
    v.transform((s) => parseDateTimeText((s as string).trim())),
    v.check((n) => n !== null, `${label}格式应为 yyyy-MM-dd HH:mm:ss`),
    v.transform((n) => n as number),
  );

/**
 * The 新建采集 form (历史数据采集): a VIN of the vehicle register's rule, the range typed as
 * `yyyy-MM-dd HH:mm:ss` (end not before start, at most 31 days — the server's rules), an
 * optional remark of at most 200 characters. Empty fields arrive as null.
 */
export const HistoryCollectionFormSchema = v.pipe(
  v.object({
    vin: v.pipe(
      v.nullable(v.string()),
      v.transform((s) => (s ?? "").trim().toUpperCase()),
      v.check((s) => s !== "", MSG_ENTER_VIN),
      v.check((s) => isVin(s), MSG_VIN_LENGTH),
    ),
    start: time("开始时间"),
    end: time("结束时间"),
    remark: v.pipe(
      v.nullable(v.string()),
      v.transform((s) => (s ?? "").trim()),
      v.maxLength(HISTORY_REMARK_MAX, `备注不能超过${HISTORY_REMARK_MAX}个字符`),
    ),
  }),
  v.forward(
    v.check((f) => f.end >= f.start, "结束时间不能早于开始时间"),
    ["end"],
  ),
  v.forward(
    v.check((f) => f.end - f.start <= HISTORY_MAX_DAYS * 24 * 3600 * 1000, `采集时间跨度不能超过${HISTORY_MAX_DAYS}天`),
    ["end"],
  ),
  v.transform((f): HistoryCollectionDraft => ({ vin: f.vin, startTime: f.start, endTime: f.end, remark: f.remark })),
);
