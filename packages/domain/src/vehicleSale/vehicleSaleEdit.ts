import * as v from "valibot";
import { VinSchema } from "../identifiers/vin";
import { isCreditCodeCheckValid } from "../ner/creditCode";
import { err, ok, type Result } from "../shared/result";
import { isLandline, isMainlandIdCard, isMobile } from "../validation/formats";

/**
 * A retail sale of a vehicle (base information › 实销车辆). Designed: the spec names the screen
 * and the lookups around it only (business-areas.md §2: getSaleDealer / getDealer, getPickup,
 * vehicle/manager/findUnSale); the fields are what a sale on a 机动车销售统一发票 records and
 * what the SIM real-name rule needs of the buyer (工信部网安函〔2021〕246号: the buyer's identity
 * is verified at sale).
 */
export const SALE_BUYER_TYPES = ["person", "company"] as const;
export type SaleBuyerType = (typeof SALE_BUYER_TYPES)[number];
export const SALE_BUYER_TYPE_LABELS: Readonly<Record<SaleBuyerType, string>> = { person: "个人", company: "企业" };
/** 营运 / 非营运: how the vehicle is registered for use (the 使用性质 of its licence). */
export const SALE_USES = ["operating", "nonOperating"] as const;
export type SaleUse = (typeof SALE_USES)[number];
export const SALE_USE_LABELS: Readonly<Record<SaleUse, string>> = { operating: "营运", nonOperating: "非营运" };

/** Highest invoice price, yuan (a heavy special vehicle stays well below). */
export const SALE_PRICE_MAX = 100_000_000;
export const SALE_REMARK_MAX_LENGTH = 200;
export const SALE_REASON_MAX_LENGTH = 200;
export const SALE_COMPANY_NAME_MAX = 100;

export const MSG_SALE_DEALER = "请选择销售经销商";
export const MSG_SALE_BUYER_TYPE = "购车方类型应为个人或企业";
export const MSG_SALE_PERSON_NAME = "请输入2–30个字的购车人姓名（中文或字母，可含·）";
export const MSG_SALE_COMPANY_NAME = `请输入2–${SALE_COMPANY_NAME_MAX}个字的购车单位名称`;
export const MSG_SALE_PHONE = "请输入正确的联系电话（以1开头的11位手机号，或如010-12345678的固定电话）";
export const MSG_SALE_ID_CARD = "请输入正确的18位身份证号码";
export const MSG_SALE_CREDIT_CODE = "统一社会信用代码应为18位且校验位正确";
export const MSG_SALE_DATE = "日期格式应为yyyy-MM-dd";
export const MSG_SALE_DATE_FUTURE = "销售日期不能晚于今天";
export const MSG_SALE_INVOICE = "发票号码应为8位（机动车销售统一发票）或20位（数电发票）数字";
export const MSG_SALE_PRICE = `开票价格应为大于0且不超过${SALE_PRICE_MAX}的金额（元，最多两位小数）`;
export const MSG_SALE_USE = "使用性质应为营运或非营运";
export const MSG_SALE_REMARK = `备注不能超过${SALE_REMARK_MAX_LENGTH}个字符`;
export const MSG_SALE_REASON = `请填写撤销原因（2至${SALE_REASON_MAX_LENGTH}个字）`;
export const MSG_SALE_NOT_A_RECORD = "销售记录格式不正确";
export const MSG_SALE_STALE = "该销售记录已被他人修改，请刷新后重新编辑";
export const MSG_SALE_SOLD = "该车辆已有实销记录，一辆车只能销售一次";
export const MSG_SALE_DUPLICATE_IN_FILE = "文件中VIN重复";
export const MSG_SALE_VEHICLE_UNKNOWN = "车辆不存在";
export const MSG_SALE_DEALER_UNKNOWN = "销售经销商不存在";
export const MSG_SALE_PICKUP_UNKNOWN = "提车点不存在";
export const MSG_SALE_NOT_FOUND = "实销记录不存在";

/** Column labels of a sale's fields: the form's labels and the import template's header row. */
export const SALE_FIELD_LABELS = {
  vin: "VIN",
  dealerCode: "销售经销商编码",
  pickupCode: "提车点编码",
  buyerType: "购车方类型",
  buyerName: "购车方名称",
  buyerPhone: "联系电话",
  buyerIdNo: "证件号码",
  saleDate: "销售日期",
  invoiceNo: "发票号码",
  price: "开票价格(元)",
  use: "使用性质",
  remark: "备注",
} as const;

function isCalendarDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === text;
}
const trimmed = (msg: string) => v.pipe(v.string(msg), v.trim(), v.nonEmpty(msg));

/**
 * The fields of a sale as the form submits them and one import row holds them. The buyer's
 * name and certificate follow the buyer type (a person: name and GB 11643 ID number; a
 * company: registered name and GB 32100 credit code), reported on their own fields.
 */
export const SaleEditSchema = v.pipe(
  v.object(
    {
      vin: VinSchema,
      dealerCode: v.pipe(trimmed(MSG_SALE_DEALER), v.maxLength(50, MSG_SALE_DEALER)),
      pickupCode: v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(50, MSG_SALE_PICKUP_UNKNOWN))),
      buyerType: v.picklist(SALE_BUYER_TYPES, MSG_SALE_BUYER_TYPE),
      buyerName: v.pipe(trimmed(MSG_SALE_PERSON_NAME), v.maxLength(SALE_COMPANY_NAME_MAX, MSG_SALE_COMPANY_NAME)),
      buyerPhone: v.pipe(
        trimmed(MSG_SALE_PHONE),
        v.check((s) => isMobile(s) || isLandline(s), MSG_SALE_PHONE),
      ),
      buyerIdNo: v.pipe(trimmed(MSG_SALE_ID_CARD), v.toUpperCase()),
      saleDate: v.pipe(v.string(MSG_SALE_DATE), v.check(isCalendarDay, MSG_SALE_DATE)),
      invoiceNo: v.pipe(v.string(MSG_SALE_INVOICE), v.trim(), v.regex(/^(\d{8}|\d{20})$/, MSG_SALE_INVOICE)),
      price: v.pipe(
        v.number(MSG_SALE_PRICE),
        v.check((n) => n > 0 && n <= SALE_PRICE_MAX && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, MSG_SALE_PRICE),
      ),
      use: v.picklist(SALE_USES, MSG_SALE_USE),
      remark: v.nullable(v.pipe(v.string(MSG_SALE_REMARK), v.maxLength(SALE_REMARK_MAX_LENGTH, MSG_SALE_REMARK))),
    },
    (issue) => {
      const key = issue.path?.[0]?.key as keyof typeof SALE_FIELD_LABELS | undefined;
      return key === undefined ? MSG_SALE_NOT_A_RECORD : `缺少字段：${SALE_FIELD_LABELS[key]}`;
    },
  ),
  v.forward(
    v.check(
      (s) =>
        s.buyerType === "person"
          ? /^[\u4e00-\u9fa5A-Za-z·• ]{2,30}$/.test(s.buyerName)
          : s.buyerName.length >= 2 && s.buyerName.length <= SALE_COMPANY_NAME_MAX,
      (issue) =>
        (issue.input as { buyerType: SaleBuyerType }).buyerType === "person"
          ? MSG_SALE_PERSON_NAME
          : MSG_SALE_COMPANY_NAME,
    ),
    ["buyerName"],
  ),
  v.forward(
    v.check(
      (s) => (s.buyerType === "person" ? isMainlandIdCard(s.buyerIdNo) : isCreditCodeCheckValid(s.buyerIdNo)),
      (issue) =>
        (issue.input as { buyerType: SaleBuyerType }).buyerType === "person" ? MSG_SALE_ID_CARD : MSG_SALE_CREDIT_CODE,
    ),
    ["buyerIdNo"],
  ),
);
export type SaleEdit = v.InferOutput<typeof SaleEditSchema>;
export type SaleField = keyof SaleEdit;
export interface SaleProblem {
  field: SaleField;
  msg: string;
}

/** Checks a sale as the form and an import row submit it (`today` yyyy-MM-dd in UTC+8); never throws. */
export function checkSaleEdit(input: unknown, today: string): Result<SaleEdit, SaleProblem[]> {
  const parsed = v.safeParse(SaleEditSchema, input);
  if (!parsed.success)
    return err(parsed.issues.map((i) => ({ field: (i.path?.[0]?.key ?? "vin") as SaleField, msg: i.message })));
  if (parsed.output.saleDate > today) return err([{ field: "saleDate", msg: MSG_SALE_DATE_FUTURE }]);
  return ok(parsed.output);
}

export const saleProblemText = (problems: readonly SaleProblem[]) => problems.map((p) => p.msg).join("；");

/** Undoing a sale is deliberate: the reason is required and kept in the sale's history. */
export const SaleUndoSchema = v.object({
  vin: VinSchema,
  reason: v.pipe(
    v.string(MSG_SALE_REASON),
    v.trim(),
    v.minLength(2, MSG_SALE_REASON),
    v.maxLength(SALE_REASON_MAX_LENGTH, MSG_SALE_REASON),
  ),
});
export type SaleUndo = v.InferOutput<typeof SaleUndoSchema>;

/** The person's ID number or the company's credit code as lists show it (the middle masked). */
export function maskSaleIdNo(idNo: string): string {
  return idNo.length <= 8 ? idNo : `${idNo.slice(0, 4)}${"*".repeat(idNo.length - 8)}${idNo.slice(-4)}`;
}

/** A code of a value written as its code or label (an import cell), or null. */
function codeOf<C extends string>(labels: Readonly<Record<C, string>>, text: string): C | null {
  const t = text.trim();
  for (const [code, label] of Object.entries(labels) as [C, string][]) if (t === code || t === label) return code;
  return null;
}
export const parseSaleBuyerType = (t: string) => codeOf(SALE_BUYER_TYPE_LABELS, t);
export const parseSaleUse = (t: string) => codeOf(SALE_USE_LABELS, t);

/** The editable fields of a record, nothing else. */
export function saleEditOf(r: SaleEdit): SaleEdit {
  const { vin, dealerCode, pickupCode, buyerType, buyerName, buyerPhone, buyerIdNo, saleDate, invoiceNo, price } = r;
  return {
    vin,
    dealerCode,
    pickupCode,
    buyerType,
    buyerName,
    buyerPhone,
    buyerIdNo,
    saleDate,
    invoiceNo,
    price,
    use: r.use,
    remark: r.remark,
  };
}
