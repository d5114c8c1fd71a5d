import {
  SALE_BUYER_TYPE_LABELS,
  SALE_FIELD_LABELS,
  SALE_PRICE_MAX,
  SALE_REMARK_MAX_LENGTH,
  SALE_USE_LABELS,
  type SaleField,
} from "@tsp/domain";
import type { SheetColumn } from "../tbox/sheet";

const list = (labels: Readonly<Record<string, string>>) => Object.values(labels).join("、");
const column = (key: SaleField, required: boolean, hint: string, width = 16, text = false): SheetColumn<SaleField> => ({
  key,
  header: SALE_FIELD_LABELS[key],
  required,
  hint,
  width,
  text,
});

/** The retail-sale sheet's columns, in the domain's field order. */
export const SALE_COLUMNS: readonly SheetColumn<SaleField>[] = [
  column("vin", true, "17位VIN，须为本单位未销售的车辆", 22, true),
  column("dealerCode", true, "销售经销商的编码或名称", 18),
  column("pickupCode", false, "提车点的编码或名称；可不填", 18),
  column("buyerType", true, `取值：${list(SALE_BUYER_TYPE_LABELS)}`, 10),
  column("buyerName", true, "个人：姓名；企业：单位全称", 20),
  column("buyerPhone", true, "11位手机号或如010-12345678的固定电话", 16, true),
  column("buyerIdNo", true, "个人：18位身份证号码；企业：18位统一社会信用代码；请按文本填写", 22, true),
  column("saleDate", true, "日期，格式 yyyy-MM-dd，不能晚于今天", 12),
  column("invoiceNo", true, "8位（机动车销售统一发票）或20位（数电发票）数字；请按文本填写", 22, true),
  column("price", true, `金额（元），大于0且不超过${SALE_PRICE_MAX}，最多两位小数`, 14),
  column("use", true, `取值：${list(SALE_USE_LABELS)}`, 10),
  column("remark", false, `最多${SALE_REMARK_MAX_LENGTH}个字符`, 24),
];

/** The VIN of the template's example row (the openapi examples' vehicle): a row with it is refused. */
export const EXAMPLE_VIN = "LGXCE4CB2S0000123";
export const EXAMPLE_ROW: Readonly<Record<SaleField, string | number>> = {
  vin: EXAMPLE_VIN,
  dealerCode: "D440305001",
  pickupCode: "",
  buyerType: SALE_BUYER_TYPE_LABELS.company,
  buyerName: "深圳市鹏程物流有限公司",
  buyerPhone: "13800138000",
  buyerIdNo: "91440300MA5FXXXX0X",
  saleDate: "2025-03-01",
  invoiceNo: "00012345",
  price: 285000,
  use: SALE_USE_LABELS.operating,
  remark: "",
};
