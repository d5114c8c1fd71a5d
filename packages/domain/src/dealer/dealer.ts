import * as v from "valibot";
import { err, ok, type Result } from "../shared/result";
import { issuesAsProblems, locationProblems, type OutletProblem, outletFields } from "./outlet";

/** Kinds of dealer: a selling dealer buys from the maker; a secondary dealer sells under one. */
export const DEALER_KINDS = ["sale", "secondary"] as const;
export type DealerKind = (typeof DEALER_KINDS)[number];
export const DEALER_KIND_LABELS: Readonly<Record<DealerKind, string>> = {
  sale: "一级销售经销商",
  secondary: "二级经销商",
};

export const MSG_DEALER_NAME = "请输入经销商名称（最多60个字符）";
export const MSG_DEALER_KIND = "经销商类型应为一级销售经销商或二级经销商";
export const MSG_DEALER_PARENT_REQUIRED = "二级经销商须选择上级经销商";
export const MSG_DEALER_SALE_HAS_PARENT = "一级销售经销商没有上级经销商";
export const MSG_DEALER_PARENT_SELF = "上级经销商不能是其本身";
/** Server: the parent named is not one of the tenant's selling dealers. */
export const MSG_DEALER_PARENT_NOT_SALE = "上级经销商须为本单位的一级销售经销商";
/** Server: an open secondary dealer cannot sit under a closed parent. */
export const MSG_DEALER_PARENT_CLOSED = "上级经销商已停业，其下的二级经销商不能设为在营";
export const MSG_DEALER_EXISTS = "经销商编码已存在";
export const MSG_DEALER_DUPLICATE_IN_FILE = "文件中经销商编码重复";
export const MSG_DEALER_STALE = "该经销商已被他人修改，请刷新后重新编辑";
export const MSG_DEALER_NOT_FOUND = "经销商不存在";
export const MSG_DEALER_DELETE_OPEN = "经销商仍在营业，请先设为停业后再删除";
/** A selling dealer that still heads secondary dealers cannot be deleted. */
export const msgDealerDeleteHasSecondary = (n: number) =>
  `该经销商下有${n}家二级经销商，请先删除或改挂到其他一级经销商后再删除`;
/** A dealer that retail sales name (实销车辆) stays on record: it is closed, not deleted. */
export const msgDealerDeleteHasSales = (n: number) => `该经销商有${n}条实销记录，不能删除；不再合作请设为停业`;
/** …nor become a secondary dealer itself. */
export const msgDealerKindHasSecondary = (n: number) => `该经销商下有${n}家二级经销商，不能改为二级经销商`;
/** …nor close while some of them still trade. */
export const msgDealerCloseHasOpenSecondary = (n: number) => `该经销商下有${n}家在营的二级经销商，不能设为停业`;

/** Labels of a dealer's fields: the form's labels and the import template's header row (in its order). */
export const DEALER_FIELD_LABELS = {
  dealerCode: "经销商编码",
  dealerName: "经销商名称",
  kind: "经销商类型",
  parentCode: "上级经销商编码",
  areaId: "所在区域编码",
  address: "详细地址",
  lng: "经度",
  lat: "纬度",
  contactName: "联系人",
  contactPhone: "联系电话",
  brandIds: "销售品牌",
  status: "营业状态",
} as const;

/**
 * The editable fields of a dealer: what the create and edit forms submit and one import row
 * holds. Each field alone; {@link dealerRuleProblems} checks them together.
 */
export const DealerEditSchema = v.object(
  {
    dealerCode: outletFields.code,
    dealerName: outletFields.name(MSG_DEALER_NAME),
    kind: v.picklist(DEALER_KINDS, MSG_DEALER_KIND),
    parentCode: v.nullable(outletFields.code),
    areaId: outletFields.areaId,
    address: outletFields.address,
    lng: outletFields.lng,
    lat: outletFields.lat,
    contactName: outletFields.contactName,
    contactPhone: outletFields.phone,
    brandIds: outletFields.brandIds,
    status: outletFields.status,
  },
  (issue) => {
    const key = issue.path?.[0]?.key as keyof typeof DEALER_FIELD_LABELS | undefined;
    return key === undefined ? "经销商数据格式不正确" : `缺少字段：${DEALER_FIELD_LABELS[key]}`;
  },
);
export type DealerEdit = v.InferOutput<typeof DealerEditSchema>;
export type DealerField = keyof DealerEdit;

/** The rules between fields: a secondary dealer has a parent other than itself, a selling one none; a point has both axes. */
export function dealerRuleProblems(e: DealerEdit): OutletProblem<DealerField>[] {
  const out: OutletProblem<DealerField>[] = [...locationProblems(e)];
  if (e.kind === "secondary" && e.parentCode === null)
    out.push({ field: "parentCode", msg: MSG_DEALER_PARENT_REQUIRED });
  if (e.kind === "sale" && e.parentCode !== null) out.push({ field: "parentCode", msg: MSG_DEALER_SALE_HAS_PARENT });
  if (e.parentCode !== null && e.parentCode === e.dealerCode)
    out.push({ field: "parentCode", msg: MSG_DEALER_PARENT_SELF });
  return out;
}

/** Schema of the dealer form: the fields, then the rules between them (on their fields). */
export const DealerFormSchema = v.pipe(
  DealerEditSchema,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const p of dealerRuleProblems(dataset.value))
      addIssue({
        message: p.msg,
        path: [{ type: "object", origin: "value", input: dataset.value, key: p.field, value: dataset.value[p.field] }],
      });
  }),
);

/** Checks a dealer as the form and an import row submit it; every reason with its field. Never throws. */
export function checkDealerEdit(input: unknown): Result<DealerEdit, OutletProblem<DealerField>[]> {
  const parsed = v.safeParse(DealerEditSchema, input);
  if (!parsed.success) return err(issuesAsProblems<DealerField>(parsed.issues, "dealerCode"));
  const problems = dealerRuleProblems(parsed.output);
  return problems.length > 0 ? err(problems) : ok(parsed.output);
}
