import type { RegisterDef, RegisterField, RegisterProblem, RegisterValues } from "./register";

/** Kinds of lenders against vehicles. */
export const FINANCE_ORG_KIND_LABELS = { bank: "银行", leasing: "融资租赁公司", autoFinance: "汽车金融公司" } as const;
/** Whether the platform works with an organisation now. */
export const ORG_STATUS_LABELS = { active: "合作中", disabled: "已停用" } as const;

/** An organisation still in cooperation cannot be deleted: loans and lease contracts may name it. */
export const msgOrgDeleteActive = (noun: string) => `合作中的${noun}不能删除，请先将状态改为已停用`;

/** An organisation named by lease contracts or loans stays: deleting it would orphan them. */
export const msgOrgDeleteNamed = (noun: string, count: number, records: string) =>
  `该${noun}仍被${count}份${records}引用，不能删除`;

const fields = {
  code: (label: string): RegisterField => ({
    key: "code",
    label,
    kind: "code",
    required: true,
    maxLength: 32,
    listed: true,
  }),
  name: (label: string): RegisterField => ({
    key: "name",
    label,
    kind: "text",
    required: true,
    maxLength: 60,
    listed: true,
  }),
  creditCode: {
    key: "creditCode",
    label: "统一社会信用代码",
    kind: "creditCode",
    required: true,
    listed: true,
  } as RegisterField,
  // Shown in the detail: the list keeps to what tells organisations apart.
  contact: { key: "contact", label: "联系人", kind: "text", required: false, maxLength: 20 } as RegisterField,
  phone: {
    key: "phone",
    label: "联系电话",
    kind: "phone",
    required: false,
    maxLength: 13,
    listed: true,
  } as RegisterField,
  status: {
    key: "status",
    label: "状态",
    kind: "choice",
    required: true,
    choices: ORG_STATUS_LABELS,
    listed: true,
    hint: "合作中的机构不能删除",
  } as RegisterField,
  remark: { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 } as RegisterField,
};

/** No rules between fields: each field's check says everything. */
const none = (_row: RegisterValues): RegisterProblem[] => [];

/**
 * 金融机构管理 (/baseInfo/financialInstitution): banks, finance-leasing and auto-finance
 * companies lending against the tenant's vehicles; 金融管理 and GET
 * /tsp-bss/search/getfinanceOrgList pick from it. x-designed: the identity a lender is known
 * by (GB 32100 credit code), who to call, whether the platform works with it now.
 */
export const FINANCE_ORG_REGISTER: RegisterDef = {
  name: "financialInstitution",
  title: "金融机构管理",
  noun: "金融机构",
  nameField: "name",
  searchable: ["code", "name", "creditCode", "contact"],
  fields: [
    fields.code("机构编码"),
    fields.name("机构名称"),
    { key: "kind", label: "机构类型", kind: "choice", required: true, choices: FINANCE_ORG_KIND_LABELS, listed: true },
    fields.creditCode,
    fields.contact,
    fields.phone,
    fields.status,
    fields.remark,
  ],
  rules: none,
  example: {
    code: "FIN-EXAMPLE",
    name: "示例汽车金融有限公司",
    kind: FINANCE_ORG_KIND_LABELS.autoFinance,
    creditCode: "91310000MA1FL1234Q",
    contact: "张三",
    phone: "021-12345678",
    status: ORG_STATUS_LABELS.active,
    remark: "",
  },
};

/**
 * 租赁机构管理 (/baseInfo/leaseOrg): the lease organisations the tenant's vehicles are let
 * through (租赁管理's contracts name one). x-designed: a finance organisation's shape with the
 * region it operates in instead of its kind.
 */
export const LEASE_ORG_REGISTER: RegisterDef = {
  name: "leaseOrg",
  title: "租赁机构管理",
  noun: "租赁机构",
  nameField: "name",
  searchable: ["code", "name", "creditCode", "contact", "region"],
  fields: [
    fields.code("机构编码"),
    fields.name("机构名称"),
    fields.creditCode,
    fields.contact,
    fields.phone,
    {
      key: "region",
      label: "所在地区",
      kind: "text",
      required: true,
      maxLength: 50,
      listed: true,
      hint: "省市区，如广东省深圳市南山区",
    },
    fields.status,
    fields.remark,
  ],
  rules: none,
  example: {
    code: "LEASE-EXAMPLE",
    name: "示例融资租赁有限公司",
    creditCode: "91440300MA5EXAMP1F",
    contact: "李四",
    phone: "13800138000",
    region: "广东省深圳市南山区",
    status: ORG_STATUS_LABELS.active,
    remark: "",
  },
};
