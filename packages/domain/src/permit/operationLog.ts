import { maskLesseePhone } from "../lease/leaseContract";
import { ROUTE_TABLE } from "../routes/routeTable";
import type { RouteNode } from "../routes/routeTypes";
import { err, ok, type Result } from "../shared/result";
import { maskSaleIdNo } from "../vehicleSale/vehicleSaleEdit";

/**
 * 操作日志 (系统管理 › /permit/log): what the server records about every mutating call, and the
 * rules of its search. The server writes one entry per call in one place (its HTTP hook); these
 * rules decide what an entry says, so the hook holds no policy of its own.
 */

/** What a redacted secret is written as. */
export const REDACTED = "******";
/** The longest parameter summary kept; longer ones end with "…". */
export const LOG_PARAMS_MAX_LENGTH = 2000;
/** The longest text kept of one string value of the parameters. */
export const LOG_VALUE_MAX_LENGTH = 200;
/** Items of an array kept in the summary; the rest are counted. */
export const LOG_ARRAY_MAX_ITEMS = 20;
/** Nesting kept in the summary; deeper objects are written as "{…}". */
export const LOG_MAX_DEPTH = 4;
/** The longest target kept. */
export const LOG_TARGET_MAX_LENGTH = 200;

/** Field names whose value is never written, not even masked: passwords, tokens, keys, secrets. */
const SECRET_NAME = /pass(word)?|pwd|secret|token|credential|private.?key|signature|captcha|verify.?code|sms.?code/iu;
/** Field names of phone numbers (a SIM card's MSISDN is a phone number too): written masked. */
const PHONE_NAME = /phone|mobile|tel(ephone)?$|msisdn|contact.?number/iu;
/** Field names of personal ID and certificate numbers: written masked. */
const ID_NAME = /id.?card|id.?no|id.?number|cert.?no|certificate.?no|passport|license.?no|licence.?no/iu;
/** Values that are a mainland ID number or a mobile, whatever the field is called: written masked. */
const ID_VALUE = /^\d{17}[\dXx]$|^\d{15}$/u;
const MOBILE_VALUE = /^(\+?86)?1[3-9]\d{9}$/u;

/** One value as the log may show it, by its field name and by what it looks like. */
function redactValue(name: string, value: unknown, depth: number): unknown {
  if (SECRET_NAME.test(name)) return REDACTED;
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string") {
    if (PHONE_NAME.test(name) || MOBILE_VALUE.test(value)) return maskLesseePhone(value);
    if (ID_NAME.test(name) || ID_VALUE.test(value)) return maskSaleIdNo(value);
    return value.length > LOG_VALUE_MAX_LENGTH ? `${value.slice(0, LOG_VALUE_MAX_LENGTH)}…` : value;
  }
  if (Array.isArray(value)) {
    if (depth >= LOG_MAX_DEPTH) return "[…]";
    const kept = value.slice(0, LOG_ARRAY_MAX_ITEMS).map((item) => redactValue(name, item, depth + 1));
    return value.length > LOG_ARRAY_MAX_ITEMS ? [...kept, `…共${value.length}项`] : kept;
  }
  if (typeof value === "object") {
    if (depth >= LOG_MAX_DEPTH) return "{…}";
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactValue(k, v, depth + 1)]),
    );
  }
  // undefined, functions, symbols, bigints: nothing a JSON request carries.
  return String(value);
}

/**
 * The parameters of a call as the log keeps them: query, path and body merged into one JSON
 * text, with passwords, tokens and secrets replaced by {@link REDACTED}, phone and ID numbers
 * masked the way the lists mask them (by field name and by value), long strings, arrays and
 * deep objects cut, and the whole at most {@link LOG_PARAMS_MAX_LENGTH} characters. A multipart
 * upload's file is not a parameter: the server passes its name only.
 */
export function redactLogParams(parts: Readonly<Record<string, unknown>>): string {
  const merged: Record<string, unknown> = {};
  for (const value of Object.values(parts)) {
    if (value && typeof value === "object" && !Array.isArray(value)) Object.assign(merged, value);
  }
  const text = JSON.stringify(redactValue("", merged, 0));
  return text.length > LOG_PARAMS_MAX_LENGTH ? `${text.slice(0, LOG_PARAMS_MAX_LENGTH - 1)}…` : text;
}

/**
 * The fields that name what a call acts on, in the order they are preferred — one declared list
 * for every operation (the server reads path parameters first, then query and body). A VIN
 * names a vehicle better than a row id, an account's username better than its id.
 */
export const LOG_TARGET_FIELDS = [
  "vin",
  "vins",
  "vinList",
  "username",
  "account",
  "tenantCode",
  "code",
  "iccid",
  "tboxSn",
  "sn",
  "name",
  "title",
  "userId",
  "accountId",
  "roleId",
  "orgId",
  "tenantId",
  "menuId",
  "contentId",
  "taskId",
  "id",
  "ids",
  "key",
] as const;

function targetText(value: unknown): string | null {
  if (typeof value === "string") return value.trim() === "" ? null : value.trim();
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    const items = value.map(targetText).filter((t): t is string => t !== null);
    return items.length > 0 ? items.join(",") : null;
  }
  return null;
}

/**
 * What a call acted on, for the log's 操作对象: the first of {@link LOG_TARGET_FIELDS} found in the
 * path parameters, then the query, then the body (its top level), as `field=value`; "" when
 * none. Secret fields never name a target.
 */
export function logTargetOf(parts: readonly unknown[]): string {
  for (const field of LOG_TARGET_FIELDS) {
    for (const part of parts) {
      if (!part || typeof part !== "object" || Array.isArray(part)) continue;
      const text = targetText((part as Record<string, unknown>)[field]);
      if (text === null) continue;
      const shown = String(redactValue(field, text, 0));
      const full = `${field}=${shown}`;
      return full.length > LOG_TARGET_MAX_LENGTH ? `${full.slice(0, LOG_TARGET_MAX_LENGTH - 1)}…` : full;
    }
  }
  return "";
}

/** Action words of a button permission's last segment. */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  add: "新增",
  create: "新增",
  edit: "编辑",
  update: "编辑",
  delete: "删除",
  remove: "删除",
  export: "导出",
  import: "导入",
  download: "下载",
  upload: "上传",
  submit: "提交",
  review: "审核",
  publish: "发布",
  offline: "下线",
  bind: "绑定",
  unbind: "解绑",
  disable: "停用",
  enable: "启用",
  reset: "重置",
  lock: "锁定",
  unlock: "解锁",
  grant: "授权",
  move: "移动",
  menus: "可用菜单",
  resetPassword: "重置密码",
  status: "启用停用锁定",
  undo: "撤销",
  return: "归还",
  renew: "续期",
  repay: "还款",
  restrict: "申请限制",
  branch: "车系",
  all: "全部",
  exportLog: "导出变更记录",
  vehicleInfo: "车辆信息",
  vehicleModel: "车型",
  batteryInfo: "动力电池信息",
  driveInfo: "驱动电机信息",
  terminalInfo: "终端信息",
  setInform: "通知设置",
  insert: "加入",
  handle: "处理",
  acknowledge: "确认",
  close: "关闭",
  group: "加入分组",
  save: "保存",
  activate: "激活",
  report: "激活上报",
  query: "查询",
  set: "设置",
  control: "终端控制",
  send: "发送",
  findCar: "寻车",
  climate: "空调",
  windows: "车窗",
  engine: "发动机",
  jt808Control: "JT/T 808终端控制",
  jt808Door: "JT/T 808车门控制",
  jt808Query: "JT/T 808参数查询",
  jt808Set: "JT/T 808参数设置",
  package: "服务包管理",
  stop: "停用",
  cancel: "取消",
  apply: "下发",
  retry: "重试",
  shoot: "拍摄",
  start: "开始",
  read: "读取",
  document: "备案附件",
  loginLog: "登入日志",
  logoutLog: "登出日志",
  campaign: "升级活动",
};

function deepestRoute(routes: readonly RouteNode[], api: string): RouteNode | undefined {
  let best: RouteNode | undefined;
  for (const node of routes) {
    if (api === node.path || api.startsWith(`${node.path}/`)) {
      best = deepestRoute(node.children, api) ?? node;
    }
  }
  return best;
}

/**
 * The Chinese name of an operation for the log: the screen its button permission belongs to
 * and the action (`SIM卡数据·编辑`, `备案车辆信息·导出动力电池信息`), from the route table — the
 * menu's own words — and the action words of the permission's segments below the screen.
 * Without a permission, or outside the route table, the OpenAPI summary. A segment without a
 * word shows as it is (tests/tooling checks every permission of openapi/ has its words).
 */
export function operationTitle(permission: string | undefined, summary: string): string {
  if (!permission) return summary;
  const route = deepestRoute(ROUTE_TABLE, permission);
  if (!route) return summary;
  const action = permissionAction(permission);
  return action === "" ? route.title : `${route.title}·${action}`;
}

/**
 * The words of a button permission below its screen (`导出动力电池信息`, `登入日志导出`): the
 * button's title in 角色管理's permission tree and the action in the log's 操作.
 */
export function permissionAction(permission: string): string {
  const route = deepestRoute(ROUTE_TABLE, permission);
  const rest = (route ? permission.slice(route.path.length) : permission).split("/").filter(Boolean);
  return rest.map((segment) => ACTION_WORDS[segment] ?? segment).join("");
}

/** The span searched when no range is given: the last 7 days. */
export const LOG_DEFAULT_DAYS = 7;
/** The longest range one search may cover. */
export const LOG_MAX_DAYS = 93;
const DAY_MS = 86_400_000;
export const MSG_LOG_RANGE_ORDER = "开始时间不能晚于结束时间";
export const MSG_LOG_RANGE_TOO_LONG = `时间范围不能超过${LOG_MAX_DAYS}天`;
/** The log's results: a call that answered success, or one that failed with its message. */
export const LOG_RESULTS = ["success", "failure"] as const;
export type LogResult = (typeof LOG_RESULTS)[number];
export const LOG_RESULT_LABELS: Readonly<Record<LogResult, string>> = { success: "成功", failure: "失败" };

/**
 * The time range of a log search, in epoch ms: both ends as given; only one end → a
 * {@link LOG_DEFAULT_DAYS}-day span from or to it; none → the last {@link LOG_DEFAULT_DAYS} days
 * up to `nowMs`. A reversed range or one longer than {@link LOG_MAX_DAYS} days is refused with
 * its message.
 */
export function logSearchRange(
  start: number | undefined,
  end: number | undefined,
  nowMs: number,
): Result<{ start: number; end: number }, string> {
  const span = LOG_DEFAULT_DAYS * DAY_MS;
  const to = end ?? (start === undefined ? nowMs : start + span);
  const from = start ?? to - span;
  if (from > to) return err(MSG_LOG_RANGE_ORDER);
  if (to - from > LOG_MAX_DAYS * DAY_MS) return err(MSG_LOG_RANGE_TOO_LONG);
  return ok({ start: from, end: to });
}
