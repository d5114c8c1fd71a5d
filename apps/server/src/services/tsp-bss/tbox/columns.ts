import {
  TBOX_FIELD_LABELS,
  TBOX_PROTOCOL_LABELS,
  TBOX_REMARK_MAX_LENGTH,
  TBOX_STATE_LABELS,
  type TboxField,
} from "@tsp/domain";
import type { SheetColumn } from "./sheet";

const list = (labels: Readonly<Record<string, string>>) => Object.values(labels).join("、");
const column = (key: TboxField, required: boolean, hint: string, width = 16, text = false): SheetColumn<TboxField> => ({
  key,
  header: TBOX_FIELD_LABELS[key],
  required,
  hint,
  width,
  text,
});

/** The T-BOX sheet's columns, in the domain's field order (headers and rules from @tsp/domain). */
export const TBOX_COLUMNS: readonly SheetColumn<TboxField>[] = [
  column("sn", true, "最多17个字母、数字或“-”，全平台唯一", 20, true),
  column("model", true, "终端型号的编码或名称（终端型号列表中的一项）", 18),
  column("provider", true, "供应商的编码或名称（供应商列表中的一项）", 18),
  column("protocol", true, `取值：${list(TBOX_PROTOCOL_LABELS)}`, 14),
  column("hardwareVersion", false, "字母、数字或“.-_”；GB/T 32960终端最多5个字符", 12),
  column("firmwareVersion", false, "字母、数字或“.-_”；GB/T 32960终端最多5个字符", 12),
  column("imei", false, "15位数字，末位为校验位；请按文本填写", 18, true),
  column("iccid", false, "已登记的SIM卡ICCID，一张卡只能装在一个终端；GB/T 32960、HJ 1239终端注册后必填", 24, true),
  column("terminalId", false, "仅JT/T 808终端：终端ID，1至30个字母或数字（必填）", 14, true),
  column("authCode", false, "仅JT/T 808终端：平台注册应答下发的鉴权码，已注册、已激活时必填", 18, true),
  column("state", true, `取值：${list(TBOX_STATE_LABELS)}；导入的终端未绑定车辆，不能为已激活`, 10),
  column("productionDate", false, "日期，格式 yyyy-MM-dd，不能晚于今天", 12),
  column("remark", false, `最多${TBOX_REMARK_MAX_LENGTH}个字符`, 24),
];

/** The serial of the template's example row: a row with it is refused, so an unchanged template adds nothing. */
export const EXAMPLE_SN = "TB-EXAMPLE-0001";
export const MSG_EXAMPLE_ROW = "这是模板的示例行，请替换为实际数据后导入";
export const EXAMPLE_ROW: Readonly<Record<TboxField, string>> = {
  sn: EXAMPLE_SN,
  model: "HW-TBOX-M5",
  provider: "HUAWEI",
  protocol: TBOX_PROTOCOL_LABELS.GBT32960,
  hardwareVersion: "H1.0",
  firmwareVersion: "V2.31",
  imei: "860000000000009",
  iccid: "",
  terminalId: "",
  authCode: "",
  state: TBOX_STATE_LABELS.unregistered,
  productionDate: "2025-06-01",
  remark: "",
};
