import type { RegisterDef, RegisterField, RegisterProblem, RegisterValues } from "../registers/register";
import { FILING_REASON_MAX, FILING_STATUS_LABELS } from "./filing";

/** Positioning of a supervision terminal (HJ 1322 asks for BDS; most terminals also read GPS). */
export const POSITIONING_LABELS = { bds: "北斗", bdsGps: "北斗+GPS", gps: "GPS" } as const;
/** The data protocol a terminal model speaks to the platforms. */
export const TERMINAL_PROTOCOL_LABELS = {
  hj1322: "HJ 1322",
  gb17691: "GB 17691 / HJ 1239",
  gb32960: "GB/T 32960",
} as const;
/** A machine filed for stage-IV supervision is 国四 by definition. */
export const FILING_EMISSION_LABELS = { cn4: "国四" } as const;

export const MSG_REPLACE_SAME_TERMINAL = "新终端编号不能与原终端编号相同";

/** The state and its reason every filing carries, set only by its own calls (submit, approve, reject, resubmit). */
const FILING_STATE_FIELDS: readonly RegisterField[] = [
  {
    key: "status",
    label: "备案状态",
    kind: "choice",
    required: true,
    choices: FILING_STATUS_LABELS,
    listed: true,
    readOnly: true,
  },
  {
    key: "reason",
    label: "驳回/失败原因",
    kind: "text",
    required: false,
    maxLength: FILING_REASON_MAX,
    listed: true,
    readOnly: true,
  },
];

/** A filing: the register of its fields plus the state fields (one piece, four filings). */
const filing = (def: RegisterDef): RegisterDef => ({ ...def, fields: [...def.fields, ...FILING_STATE_FIELDS] });

/**
 * 芯片型号备案 (/notRoadFour/chipModel): the security chip models (HJ 1322 requires the data
 * to be signed by a security chip with a certificate from an accredited lab), keyed by model.
 */
export const CHIP_MODEL_FILING: RegisterDef = filing({
  name: "chipModel",
  title: "芯片型号备案",
  noun: "芯片型号备案",
  nameField: "chipModel",
  searchable: ["chipModel", "maker", "certNo"],
  fields: [
    { key: "chipModel", label: "芯片型号", kind: "code", required: true, maxLength: 40, listed: true },
    { key: "maker", label: "芯片生产企业", kind: "text", required: true, maxLength: 60, listed: true },
    {
      key: "certNo",
      label: "安全芯片证书编号",
      kind: "code",
      required: true,
      maxLength: 40,
      listed: true,
      hint: "国家密码管理部门或认可检测机构出具的安全芯片检测证书编号",
    },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  example: { chipModel: "EXAMPLE-SC01", maker: "示例微电子有限公司", certNo: "SM-EX-0001", remark: "" },
});

/**
 * 终端型号备案 (/notRoadFour/terminalModel): the supervision terminal models, each with the
 * filed chip model it carries (a row of 芯片型号备案), its firmware and positioning.
 */
export const TERMINAL_MODEL_FILING: RegisterDef = filing({
  name: "terminalModel",
  title: "终端型号备案",
  noun: "终端型号备案",
  nameField: "terminalModel",
  searchable: ["terminalModel", "maker", "chipModel", "testReportNo"],
  fields: [
    { key: "terminalModel", label: "终端型号", kind: "code", required: true, maxLength: 40, listed: true },
    { key: "maker", label: "终端生产企业", kind: "text", required: true, maxLength: 60, listed: true },
    { key: "firmware", label: "固件版本", kind: "text", required: true, maxLength: 30 },
    {
      key: "chipModel",
      label: "安全芯片型号",
      kind: "code",
      required: true,
      maxLength: 40,
      listed: true,
      hint: "已在芯片型号备案中登记的芯片型号",
    },
    { key: "positioning", label: "定位方式", kind: "choice", required: true, choices: POSITIONING_LABELS },
    { key: "protocol", label: "通信协议", kind: "choice", required: true, choices: TERMINAL_PROTOCOL_LABELS },
    { key: "testReportNo", label: "检测报告编号", kind: "code", required: false, maxLength: 40 },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  example: {
    terminalModel: "EXAMPLE-T01",
    maker: "示例电子科技有限公司",
    firmware: "V1.0.0",
    chipModel: "EXAMPLE-SC01",
    positioning: POSITIONING_LABELS.bdsGps,
    protocol: TERMINAL_PROTOCOL_LABELS.hj1322,
    testReportNo: "",
    remark: "",
  },
});

/**
 * 机械备案 (/notRoadFour/machineRecord): a 国四 machine of 机械信息 filed with the terminal of
 * 监管终端管理 fitted to it; bulk filing by import is the usual way (a fleet at a time).
 */
export const MACHINE_FILING: RegisterDef = filing({
  name: "machineRecord",
  title: "机械备案",
  noun: "机械备案",
  nameField: "pin",
  searchable: ["pin", "engineNo", "terminalId", "disclosureNo"],
  fields: [
    {
      key: "pin",
      label: "机械PIN码",
      kind: "vin",
      required: true,
      listed: true,
      hint: "已在机械信息中登记的17位PIN码",
    },
    { key: "engineNo", label: "发动机编号", kind: "code", required: true, maxLength: 32, listed: true },
    { key: "emissionStage", label: "排放阶段", kind: "choice", required: true, choices: FILING_EMISSION_LABELS },
    {
      key: "terminalId",
      label: "监管终端编号",
      kind: "code",
      required: true,
      maxLength: 32,
      listed: true,
      hint: "已在监管终端管理中登记的终端编号",
    },
    { key: "disclosureNo", label: "环保信息公开编号", kind: "text", required: true, maxLength: 60 },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  example: {
    pin: "LEXAMPLE000000001",
    engineNo: "4HK1-000001",
    emissionStage: FILING_EMISSION_LABELS.cn4,
    terminalId: "EXAMPLE-T0001",
    disclosureNo: "CN ND G4 00 0001 000001",
    remark: "",
  },
});

/** The new terminal is another one. */
function replaceProblems(row: RegisterValues): RegisterProblem[] {
  return row.oldTerminalId === row.newTerminalId ? [{ field: "newTerminalId", msg: MSG_REPLACE_SAME_TERMINAL }] : [];
}

/**
 * 终端更换备案 (/notRoadFour/terminalReplaceRecord): a machine's supervision terminal replaced
 * (old → new, both of 监管终端管理), why and when, keyed by the operator's application number.
 */
export const TERMINAL_REPLACE_FILING: RegisterDef = filing({
  name: "terminalReplaceRecord",
  title: "终端更换备案",
  noun: "终端更换备案",
  nameField: "applyNo",
  searchable: ["applyNo", "pin", "oldTerminalId", "newTerminalId"],
  fields: [
    { key: "applyNo", label: "申请单号", kind: "code", required: true, maxLength: 32, listed: true },
    { key: "pin", label: "机械PIN码", kind: "vin", required: true, listed: true },
    { key: "oldTerminalId", label: "原终端编号", kind: "code", required: true, maxLength: 32, listed: true },
    { key: "newTerminalId", label: "新终端编号", kind: "code", required: true, maxLength: 32, listed: true },
    { key: "replaceReason", label: "更换原因", kind: "text", required: true, maxLength: 200 },
    { key: "replaceDate", label: "更换日期", kind: "date", required: true, listed: true },
  ],
  rules: replaceProblems,
  example: {
    applyNo: "EXAMPLE-R0001",
    pin: "LEXAMPLE000000001",
    oldTerminalId: "EXAMPLE-T0001",
    newTerminalId: "EXAMPLE-T0002",
    replaceReason: "终端损坏",
    replaceDate: "2025-03-15",
  },
});

/** The four filings, by their route's last segment. */
export const FILINGS = {
  chipModel: CHIP_MODEL_FILING,
  terminalModel: TERMINAL_MODEL_FILING,
  machineRecord: MACHINE_FILING,
  terminalReplaceRecord: TERMINAL_REPLACE_FILING,
} as const;
export type FilingKind = keyof typeof FILINGS;
