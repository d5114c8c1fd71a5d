import {
  LEASE_LESSEE_TYPE_LABELS,
  LOAN_FIELD_LABELS,
  LOAN_PRINCIPAL_MAX,
  LOAN_TERM_MAX,
  type LoanField,
} from "@tsp/domain";
import type { SheetColumn } from "../tbox/sheet";

const column = (key: LoanField, required: boolean, hint: string, width = 16, text = false): SheetColumn<LoanField> => ({
  key,
  header: LOAN_FIELD_LABELS[key],
  required,
  hint,
  width,
  text,
});

/** The loan sheet's columns: import header, template and export. */
export const LOAN_COLUMNS: readonly SheetColumn<LoanField>[] = [
  column("loanNo", true, "4–32位字母、数字或- _ /，本单位内不能重复", 18, true),
  column("vin", true, "17位VIN，须为本单位的车辆；一辆车同一时间只能有一笔未结清的贷款", 22, true),
  column("financeOrgCode", true, "金融机构管理中合作中的机构编码或名称", 20),
  column("borrowerType", true, `取值：${Object.values(LEASE_LESSEE_TYPE_LABELS).join("、")}`, 10),
  column("borrowerName", true, "个人：姓名；企业：单位全称", 22),
  column("borrowerPhone", true, "11位手机号或如010-12345678的固定电话", 16, true),
  column("borrowerIdNo", true, "个人：18位身份证号码；企业：18位统一社会信用代码；请按文本填写", 22, true),
  column("principal", true, `金额（元），大于0且不超过${LOAN_PRINCIPAL_MAX}，最多两位小数`, 14),
  column("termMonths", true, `1至${LOAN_TERM_MAX}的整数，每月一期`, 10),
  column("startDate", true, "日期，格式 yyyy-MM-dd；第k期在放款日k个月后到期", 12),
  column("repaidPeriods", true, "已还清的期数，0至已到期的期数", 10),
];

export const EXAMPLE_LOAN_NO = "DK-EXAMPLE-0001";
export const EXAMPLE_ROW: Readonly<Record<LoanField, string | number>> = {
  loanNo: EXAMPLE_LOAN_NO,
  vin: "LGXCE4CB2S0000123",
  financeOrgCode: "FIN-EXAMPLE",
  borrowerType: LEASE_LESSEE_TYPE_LABELS.company,
  borrowerName: "深圳市鹏程物流有限公司",
  borrowerPhone: "0755-88886666",
  borrowerIdNo: "91440300MA5FXXXX0X",
  principal: 180000,
  termMonths: 36,
  startDate: "2026-01-15",
  repaidPeriods: 0,
};
