import {
  LEASE_DEPOSIT_MAX,
  LEASE_FIELD_LABELS,
  LEASE_LESSEE_TYPE_LABELS,
  LEASE_REMARK_MAX_LENGTH,
  LEASE_RENT_MAX,
  LEASE_TERM_MAX_MONTHS,
  type LeaseField,
} from "@tsp/domain";
import type { SheetColumn } from "../tbox/sheet";

const column = (
  key: LeaseField,
  required: boolean,
  hint: string,
  width = 16,
  text = false,
): SheetColumn<LeaseField> => ({
  key,
  header: LEASE_FIELD_LABELS[key],
  required,
  hint,
  width,
  text,
});

/** The lease-contract sheet's columns, in the domain's field order: import header, template and export. */
export const LEASE_COLUMNS: readonly SheetColumn<LeaseField>[] = [
  column("contractNo", true, "4–32位字母、数字或- _ /，本单位内不能重复", 18, true),
  column("vin", true, "17位VIN，须为本单位的车辆；同一车辆同一时间只能有一份有效合同", 22, true),
  column("leaseOrgCode", true, "租赁机构管理中合作中的机构编码或名称", 20),
  column("lesseeType", true, `取值：${Object.values(LEASE_LESSEE_TYPE_LABELS).join("、")}`, 10),
  column("lesseeName", true, "个人：姓名；企业：单位全称", 22),
  column("lesseePhone", true, "11位手机号或如010-12345678的固定电话", 16, true),
  column("lesseeIdNo", true, "个人：18位身份证号码；企业：18位统一社会信用代码；请按文本填写", 22, true),
  column("startDate", true, "日期，格式 yyyy-MM-dd", 12),
  column("endDate", true, `日期，格式 yyyy-MM-dd，晚于起租日期且租期不超过${LEASE_TERM_MAX_MONTHS}个月`, 12),
  column("monthlyRent", true, `金额（元），大于0且不超过${LEASE_RENT_MAX}，最多两位小数`, 12),
  column("deposit", true, `金额（元），0至${LEASE_DEPOSIT_MAX}，最多两位小数`, 12),
  column("remark", false, `最多${LEASE_REMARK_MAX_LENGTH}个字符`, 24),
];

/** The contract number of the template's example row: a row with it is refused. */
export const EXAMPLE_CONTRACT_NO = "ZL-EXAMPLE-0001";
export const EXAMPLE_ROW: Readonly<Record<LeaseField, string | number>> = {
  contractNo: EXAMPLE_CONTRACT_NO,
  vin: "LGXCE4CB2S0000123",
  leaseOrgCode: "LEASE-SZQH",
  lesseeType: LEASE_LESSEE_TYPE_LABELS.company,
  lesseeName: "深圳市鹏程物流有限公司",
  lesseePhone: "0755-88886666",
  lesseeIdNo: "91440300MA5FXXXX0X",
  startDate: "2026-01-01",
  endDate: "2026-12-31",
  monthlyRent: 4500,
  deposit: 10000,
  remark: "",
};
