import {
  SIM_CARD_FIELD_LABELS,
  SIM_CARRIER_LABELS,
  SIM_DATA_PLAN_MAX_MB,
  SIM_REMARK_MAX_LENGTH,
  SIM_STATUS_LABELS,
  type SimCardField,
} from "@tsp/domain";

/** How a cell of a column is read and written. */
export type SimCellKind = "text" | "carrier" | "status" | "day" | "integer";

/** One column of the SIM card sheet: the field it fills, its header, how to fill it. */
export interface SimColumn {
  key: SimCardField;
  header: string;
  kind: SimCellKind;
  /** Whether a row without a value is refused. */
  required: boolean;
  /** How to fill it, for the template's 填写说明 sheet. */
  hint: string;
  width: number;
}

const list = (labels: Readonly<Record<string, string>>) => Object.values(labels).join("、");

const column = (key: SimCardField, kind: SimCellKind, required: boolean, hint: string, width = 16): SimColumn => ({
  key,
  header: SIM_CARD_FIELD_LABELS[key],
  kind,
  required,
  hint,
  width,
});

/**
 * The columns of the SIM card sheet, in order. This one list is the import's header row
 * (what importSimCards reads), the template's (downloadSimCardTemplate) and the first
 * columns of the export (exportSimCards) — so a template, an export and the import cannot
 * drift apart, and an export is a filled template. Headers and hints come from @tsp/domain.
 */
export const SIM_CARD_COLUMNS: readonly SimColumn[] = [
  column("iccid", "text", true, "19至20位数字，8986开头，末位为校验位；请按文本填写，以免Excel改成科学计数法", 24),
  column("msisdn", "text", false, "11位手机号或13位物联网号码；可不填"),
  column("carrier", "carrier", true, `取值：${list(SIM_CARRIER_LABELS)}；须与ICCID号段所属运营商一致`),
  column("status", "status", true, `取值：${list(SIM_STATUS_LABELS)}；已绑定车辆的卡不能设为库存或已销户`),
  column(
    "activationDate",
    "day",
    false,
    "日期，格式 yyyy-MM-dd；已激活、停机、已销户的卡必填，库存卡不填，不能晚于今天",
  ),
  column("expiryDate", "day", false, "日期，格式 yyyy-MM-dd；不能早于激活日期；可不填"),
  column("dataPlanMb", "integer", false, `整数，单位MB，0至${SIM_DATA_PLAN_MAX_MB}；可不填`),
  column("remark", "text", false, `最多${SIM_REMARK_MAX_LENGTH}个字符；可不填`, 30),
];

/**
 * The ICCID of the template's example row (a valid China Telecom card of the openapi
 * examples). An import refuses a row with it, so a template uploaded unchanged adds no card.
 */
export const EXAMPLE_ICCID = "89860324472012345675";
/** Reason of an import row that is still the template's example. */
export const MSG_EXAMPLE_ROW = "这是模板的示例行，请替换为实际数据后导入";

/** The template's example row, by field (carrier and status as their Chinese names, as operators write them). */
export const EXAMPLE_ROW: Readonly<Record<SimCardField, string | number>> = {
  iccid: EXAMPLE_ICCID,
  msisdn: "1410312345678",
  carrier: SIM_CARRIER_LABELS.CTCC,
  status: SIM_STATUS_LABELS.active,
  activationDate: "2025-03-01",
  expiryDate: "2028-02-29",
  dataPlanMb: 1024,
  remark: "",
};
