import * as v from "valibot";
import { tboxSerialProblem } from "../identifiers/tboxSerial";
import { err, ok, type Result } from "../shared/result";
import { luhnCheckDigit, simIccidProblem } from "../simCard/simIdentifiers";
import { TBOX_PROTOCOL_LABELS, TBOX_PROTOCOLS, TBOX_STATES, type TboxState } from "./tboxValues";

/** Longest version text of a terminal (hardware or firmware). */
export const TBOX_VERSION_MAX_LENGTH = 32;
/** GB/T 32960 parameters 0x07/0x08 carry the hardware and firmware version in 5 bytes. */
export const TBOX_GBT32960_VERSION_LENGTH = 5;
/** JT/T 808-2019 terminal id: up to 30 bytes (7 in the 2013 edition). */
export const TBOX_TERMINAL_ID_MAX_LENGTH = 30;
/** Longest auth code (JT/T 808 0x8100 gives it as a string; platforms use up to 64). */
export const TBOX_AUTH_CODE_MAX_LENGTH = 64;
export const TBOX_REMARK_MAX_LENGTH = 200;
export const TBOX_NAME_MAX_LENGTH = 50;

export const MSG_TBOX_IMEI = "IMEI应为15位数字";
export const MSG_TBOX_IMEI_CHECK = "IMEI校验位错误";
export const MSG_TBOX_MODEL = "请选择终端型号";
export const MSG_TBOX_PROVIDER = "请选择供应商";
export const MSG_TBOX_PROTOCOL = "通信协议应为GB/T 32960、JT/T 808或HJ 1239";
export const MSG_TBOX_STATE = "注册状态应为未注册、已注册、已激活或已注销";
export const MSG_TBOX_VERSION = `版本号为1至${TBOX_VERSION_MAX_LENGTH}个字母、数字或“.-_”`;
export const MSG_TBOX_DATE = "日期格式应为yyyy-MM-dd";
export const MSG_TBOX_DATE_FUTURE = "生产日期不能晚于今天";
export const MSG_TBOX_REMARK = `备注不能超过${TBOX_REMARK_MAX_LENGTH}个字符`;
export const MSG_TBOX_TERMINAL_ID = `终端ID为1至${TBOX_TERMINAL_ID_MAX_LENGTH}个字母或数字`;
export const MSG_TBOX_AUTH_CODE = `鉴权码为1至${TBOX_AUTH_CODE_MAX_LENGTH}个字母或数字`;
export const MSG_TBOX_808_NEEDS_ID = "JT/T 808终端须填写终端ID（终端注册消息0x0100携带）";
export const MSG_TBOX_ONLY_808_ID = "只有JT/T 808终端有终端ID和鉴权码";
export const MSG_TBOX_808_NEEDS_AUTH = "已注册或已激活的JT/T 808终端须有鉴权码（平台注册应答0x8100下发）";
export const MSG_TBOX_UNREGISTERED_AUTH = "未注册的终端不能有鉴权码";
export const msgTboxVersion32960 = (label: string) =>
  `GB/T 32960终端的${label}不能超过${TBOX_GBT32960_VERSION_LENGTH}个字符（参数0x07/0x08为5字节）`;
export const MSG_TBOX_LOGIN_NEEDS_ICCID = "已注册或已激活的GB/T 32960、HJ 1239终端须填写ICCID（车辆登入报文携带ICCID）";
export const MSG_TBOX_ACTIVATED_UNBOUND = "已激活的终端须已绑定车辆，请先绑定车辆或改为已注册";
export const msgTboxDeregisteredBound = (vin: string) => `该终端已绑定车辆${vin}，请先解绑再注销`;
/** 409 of an edit made on a copy someone else has changed since. */
export const MSG_TBOX_STALE = "该终端已被他人修改，请刷新后重新编辑";
export const MSG_TBOX_EXISTS = "终端序列号已存在";
export const MSG_TBOX_DUPLICATE_IN_FILE = "文件中终端序列号重复";
export const MSG_TBOX_ICCID_DUPLICATE_IN_FILE = "文件中ICCID重复";
export const MSG_TBOX_IMEI_DUPLICATE_IN_FILE = "文件中IMEI重复";
export const MSG_TBOX_IMEI_TAKEN = "IMEI已被其他终端使用";
export const MSG_TBOX_NOT_A_RECORD = "终端数据格式不正确";
export const msgTboxIccidTaken = (sn: string) => `该SIM卡已装在终端${sn}中，一张卡只能装在一个终端`;
export const MSG_TBOX_ICCID_UNKNOWN = "ICCID不在SIM卡数据中，请先登记SIM卡";
export const msgTboxIccidOtherVehicle = (vin: string) => `该SIM卡已绑定车辆${vin}`;
export const msgTboxCardUnusable = (status: string) => `该SIM卡状态为${status}，不能装在使用中的终端`;
export const msgTboxDeleteBound = (vin: string) => `该终端已绑定车辆${vin}，请先解绑后再删除`;
export const msgTboxVehicleHasTbox = (vin: string, sn: string) =>
  `车辆${vin}已绑定终端${sn}，一辆车只能绑定一个终端，请先解绑`;
export const msgTboxAlreadyBound = (vin: string) => `该终端已绑定车辆${vin}，请先解绑`;
export const MSG_TBOX_DEREGISTERED_BIND = "已注销的终端不能绑定车辆";
export const MSG_TBOX_NOT_BOUND = "该终端未绑定车辆";

/** Column labels of a terminal's fields: the edit form's labels, the import template's header row. */
export const TBOX_FIELD_LABELS = {
  sn: "终端序列号",
  model: "终端型号",
  provider: "供应商",
  protocol: "通信协议",
  hardwareVersion: "硬件版本",
  firmwareVersion: "固件版本",
  imei: "IMEI",
  iccid: "ICCID",
  terminalId: "终端ID",
  authCode: "鉴权码",
  state: "注册状态",
  productionDate: "生产日期",
  remark: "备注",
} as const;

/** IMEI (3GPP TS 23.003): 14 digits and a Luhn check digit. */
export function tboxImeiProblem(imei: string): string | null {
  if (!/^\d{15}$/.test(imei)) return MSG_TBOX_IMEI;
  return luhnCheckDigit(imei.slice(0, 14)) === imei.charAt(14) ? null : MSG_TBOX_IMEI_CHECK;
}

function isCalendarDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === text;
}

const ruled = (problem: (s: string) => string | null, missing: string) =>
  v.pipe(
    v.string(missing),
    v.check(
      (s) => problem(s) === null,
      (issue) => problem(issue.input as string) as string,
    ),
  );
const code = (missing: string) =>
  v.pipe(v.string(missing), v.trim(), v.minLength(1, missing), v.maxLength(TBOX_NAME_MAX_LENGTH, missing));
const Version = v.pipe(v.string(MSG_TBOX_VERSION), v.regex(/^[0-9A-Za-z._-]{1,32}$/, MSG_TBOX_VERSION));
const Alnum = (max: number, msg: string) => v.pipe(v.string(msg), v.regex(new RegExp(`^[0-9A-Za-z]{1,${max}}$`), msg));

/**
 * The editable fields of a terminal and its key (the serial): what the form submits (with the
 * record's `updatedAt`) and what one import row holds. `model` is a code of the TboxInfo
 * catalogue (GET /tsp-bss/search/TboxInfo), `provider` one of listProviders. Each field on
 * its own here; {@link tboxRuleProblems} checks them together.
 */
export const TboxEditSchema = v.object(
  {
    sn: ruled(tboxSerialProblem, "请输入终端序列号"),
    model: code(MSG_TBOX_MODEL),
    provider: code(MSG_TBOX_PROVIDER),
    protocol: v.picklist(TBOX_PROTOCOLS, MSG_TBOX_PROTOCOL),
    hardwareVersion: v.nullable(Version),
    firmwareVersion: v.nullable(Version),
    imei: v.nullable(ruled(tboxImeiProblem, MSG_TBOX_IMEI)),
    iccid: v.nullable(ruled(simIccidProblem, "请输入ICCID")),
    terminalId: v.nullable(Alnum(TBOX_TERMINAL_ID_MAX_LENGTH, MSG_TBOX_TERMINAL_ID)),
    authCode: v.nullable(Alnum(TBOX_AUTH_CODE_MAX_LENGTH, MSG_TBOX_AUTH_CODE)),
    state: v.picklist(TBOX_STATES, MSG_TBOX_STATE),
    productionDate: v.nullable(v.pipe(v.string(MSG_TBOX_DATE), v.check(isCalendarDay, MSG_TBOX_DATE))),
    remark: v.nullable(v.pipe(v.string(MSG_TBOX_REMARK), v.maxLength(TBOX_REMARK_MAX_LENGTH, MSG_TBOX_REMARK))),
  },
  (issue) => {
    const key = issue.path?.[0]?.key as keyof typeof TBOX_FIELD_LABELS | undefined;
    return key === undefined ? MSG_TBOX_NOT_A_RECORD : `缺少字段：${TBOX_FIELD_LABELS[key]}`;
  },
);
export type TboxEdit = v.InferOutput<typeof TboxEditSchema>;
export type TboxField = keyof TboxEdit;
export interface TboxProblem {
  field: TboxField;
  msg: string;
}
/** What the rules need besides the terminal: today in UTC+8 and the vehicle it is bound to. */
export interface TboxContext {
  today: string;
  boundVin: string | null;
}

const IN_SERVICE: readonly TboxState[] = ["registered", "activated"];

/**
 * The rules between fields (designed from the protocols, spec/telematics-facts.md): a JT/T 808
 * terminal registers with its terminal id and, once registered, holds the auth code the
 * platform gave it; the other protocols have neither. GB/T 32960 carries versions in 5 bytes
 * and its login (like HJ 1239's) carries the ICCID, so a registered terminal of theirs has a
 * card. An activated terminal is on a vehicle; a bound one is not deregistered. No production
 * date in the future.
 */
export function tboxRuleProblems(e: TboxEdit, ctx: TboxContext): TboxProblem[] {
  const out: TboxProblem[] = [];
  const is808 = e.protocol === "JTT808";
  if (is808 && e.terminalId === null) out.push({ field: "terminalId", msg: MSG_TBOX_808_NEEDS_ID });
  if (!is808 && (e.terminalId !== null || e.authCode !== null))
    out.push({ field: e.terminalId !== null ? "terminalId" : "authCode", msg: MSG_TBOX_ONLY_808_ID });
  if (is808 && IN_SERVICE.includes(e.state) && e.authCode === null)
    out.push({ field: "authCode", msg: MSG_TBOX_808_NEEDS_AUTH });
  if (e.state === "unregistered" && e.authCode !== null)
    out.push({ field: "authCode", msg: MSG_TBOX_UNREGISTERED_AUTH });
  if (e.protocol === "GBT32960") {
    for (const f of ["hardwareVersion", "firmwareVersion"] as const) {
      const value = e[f];
      if (value !== null && value.length > TBOX_GBT32960_VERSION_LENGTH)
        out.push({ field: f, msg: msgTboxVersion32960(TBOX_FIELD_LABELS[f]) });
    }
  }
  if (!is808 && IN_SERVICE.includes(e.state) && e.iccid === null)
    out.push({ field: "iccid", msg: MSG_TBOX_LOGIN_NEEDS_ICCID });
  if (e.state === "activated" && ctx.boundVin === null) out.push({ field: "state", msg: MSG_TBOX_ACTIVATED_UNBOUND });
  if (e.state === "deregistered" && ctx.boundVin !== null)
    out.push({ field: "state", msg: msgTboxDeregisteredBound(ctx.boundVin) });
  if (e.productionDate !== null && e.productionDate > ctx.today)
    out.push({ field: "productionDate", msg: MSG_TBOX_DATE_FUTURE });
  return out;
}

/** Checks a terminal as the form and an import row submit it; never throws on bad input. */
export function checkTboxEdit(input: unknown, ctx: TboxContext): Result<TboxEdit, TboxProblem[]> {
  const parsed = v.safeParse(TboxEditSchema, input);
  if (!parsed.success)
    return err(parsed.issues.map((i) => ({ field: (i.path?.[0]?.key ?? "sn") as TboxField, msg: i.message })));
  const problems = tboxRuleProblems(parsed.output, ctx);
  return problems.length > 0 ? err(problems) : ok(parsed.output);
}

/** The reason of an import row: every problem, joined. */
export const tboxProblemText = (problems: readonly TboxProblem[]) => problems.map((p) => p.msg).join("；");

/** The editable fields of a record, nothing else (what the edit form starts from). */
export function tboxEditOf(r: TboxEdit): TboxEdit {
  const { sn, model, provider, protocol, hardwareVersion, firmwareVersion, imei, iccid } = r;
  const { terminalId, authCode, state, productionDate, remark } = r;
  return {
    sn,
    model,
    provider,
    protocol,
    hardwareVersion,
    firmwareVersion,
    imei,
    iccid,
    terminalId,
    authCode,
    state,
    productionDate,
    remark,
  };
}

/** Labels of the protocols, re-exported for the sheet's hints. */
export const TBOX_PROTOCOL_NAMES = Object.values(TBOX_PROTOCOL_LABELS);
