import type { RegisterDef, RegisterProblem, RegisterValues } from "./register";

/** Filing (备案) of a supervision terminal with the local environmental authority. */
export const FILING_STATE_LABELS = {
  unfiled: "未备案",
  filing: "备案中",
  filed: "已备案",
  returned: "已退回",
} as const;

export const MSG_TERMINAL_ICCID = "ICCID应为89开头的19或20位数字或大写字母";
export const MSG_TERMINAL_MSISDN = "物联网卡号应为11至13位数字";
export const MSG_TERMINAL_INSTALL_WITHOUT_MACHINERY = "填写安装日期前请先填写绑定机械PIN码";
export const MSG_TERMINAL_FILING_INCOMPLETE = "提交备案前须绑定机械并填写安装日期";
export const MSG_TERMINAL_FILED_NO = "已备案的终端须填写备案编号";
/** 409 of deleting a terminal the authority has or is filing. */
export const MSG_TERMINAL_DELETE_FILED = "已提交备案的监管终端不能删除，请先向生态环境部门撤销备案并改为未备案";

const ICCID_RE = /^89[0-9A-Z]{17,18}$/u;
const MSISDN_RE = /^\d{11,13}$/u;

/** The SIM's numbers, the binding before an install date, what a filing needs. */
function terminalProblems(row: RegisterValues): RegisterProblem[] {
  const out: RegisterProblem[] = [];
  if (typeof row.iccid === "string" && !ICCID_RE.test(row.iccid)) out.push({ field: "iccid", msg: MSG_TERMINAL_ICCID });
  if (typeof row.msisdn === "string" && !MSISDN_RE.test(row.msisdn))
    out.push({ field: "msisdn", msg: MSG_TERMINAL_MSISDN });
  if (row.installDate !== null && row.machineryPin === null)
    out.push({ field: "machineryPin", msg: MSG_TERMINAL_INSTALL_WITHOUT_MACHINERY });
  const submitted = row.filingState === "filing" || row.filingState === "filed";
  if (submitted && (row.machineryPin === null || row.installDate === null))
    out.push({ field: "filingState", msg: MSG_TERMINAL_FILING_INCOMPLETE });
  if (row.filingState === "filed" && row.filingNo === null) out.push({ field: "filingNo", msg: MSG_TERMINAL_FILED_NO });
  return out;
}

/**
 * 监管终端管理 (/baseInfo/blackBox): the supervision terminals (远程排放监控终端, HJ 1322) fitted
 * to non-road machinery, keyed by terminal id. x-designed from HJ 1322: the terminal's maker
 * and model, its security chip (the standard requires one to sign the data), its SIM, the
 * machinery it is fitted to (a PIN of 机械信息) and when, and its filing with the local
 * environmental authority (未备案 → 备案中 → 已备案, or 已退回).
 */
export const BLACK_BOX_REGISTER: RegisterDef = {
  name: "blackBox",
  title: "监管终端管理",
  noun: "监管终端",
  nameField: "terminalId",
  searchable: ["terminalId", "chipId", "iccid", "machineryPin", "manufacturer", "filingNo"],
  fields: [
    { key: "terminalId", label: "终端编号", kind: "code", required: true, maxLength: 32, listed: true },
    { key: "manufacturer", label: "终端生产企业", kind: "text", required: true, maxLength: 60, listed: true },
    { key: "terminalModel", label: "终端型号", kind: "text", required: true, maxLength: 40 },
    {
      key: "chipId",
      label: "安全芯片编号",
      kind: "code",
      required: true,
      maxLength: 32,
      hint: "终端内置安全芯片的唯一编号（HJ 1322要求数据经安全芯片签名）",
    },
    {
      key: "iccid",
      label: "ICCID",
      kind: "code",
      required: true,
      maxLength: 20,
      listed: true,
      hint: "89开头，19或20位",
    },
    { key: "msisdn", label: "物联网卡号", kind: "text", required: false, maxLength: 13 },
    {
      key: "machineryPin",
      label: "绑定机械PIN码",
      kind: "vin",
      required: false,
      listed: true,
      hint: "已在机械信息中登记的机械PIN码；未安装可不填",
    },
    { key: "installDate", label: "安装日期", kind: "date", required: false, listed: true },
    {
      key: "filingState",
      label: "备案状态",
      kind: "choice",
      required: true,
      choices: FILING_STATE_LABELS,
      listed: true,
      hint: "备案中、已备案须先绑定机械并填写安装日期",
    },
    { key: "filingNo", label: "备案编号", kind: "text", required: false, maxLength: 40, hint: "已备案时必填" },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  rules: terminalProblems,
  example: {
    terminalId: "EXAMPLE-T0001",
    manufacturer: "示例电子科技有限公司",
    terminalModel: "HJ1322-EX",
    chipId: "A1B2C3D4E5F60001",
    iccid: "89860000000000000001",
    msisdn: "1440000000001",
    machineryPin: "",
    installDate: "",
    filingState: FILING_STATE_LABELS.unfiled,
    filingNo: "",
    remark: "",
  },
};
