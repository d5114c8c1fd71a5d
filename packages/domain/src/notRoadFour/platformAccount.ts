import * as v from "valibot";
import { err, ok, type Result } from "../shared/result";

/**
 * 转发平台账号 (/notRoadFour/platformAccount): a platform the machines' data is forwarded to
 * (the provincial supervision platform, an OEM's enterprise platform): where it listens, which
 * protocol it speaks, and the account the forwarder logs in with (HJ 1239 / GB/T 32960 platform
 * login 0x05 carries a user name and password). The password is a write-only field: the
 * server keeps it encrypted and never answers it.
 */
export const FORWARD_PROTOCOL_LABELS = { hj1239: "HJ 1239", gb32960: "GB/T 32960" } as const;
export type ForwardProtocol = keyof typeof FORWARD_PROTOCOL_LABELS;

/** Longest password kept: GB/T 32960's platform login has 20 bytes for it, HJ 1239 as much. */
export const PLATFORM_PASSWORD_MAX = 20;
/** Longest user name: 12 bytes in the platform login frame. */
export const PLATFORM_ACCOUNT_MAX = 12;

export const MSG_PLATFORM_NAME = "请输入平台名称";
export const MSG_PLATFORM_NAME_LONG = "平台名称不能超过40个字符";
export const MSG_PLATFORM_HOST = "平台地址应为IPv4地址或域名";
export const MSG_PLATFORM_PORT = "端口应为1至65535之间的整数";
export const MSG_PLATFORM_PROTOCOL = `协议应为${Object.values(FORWARD_PROTOCOL_LABELS).join("、")}之一`;
export const MSG_PLATFORM_ACCOUNT = `登录账号应为1至${PLATFORM_ACCOUNT_MAX}位字母或数字`;
export const MSG_PLATFORM_PASSWORD_REQUIRED = "请输入登录密码";
export const MSG_PLATFORM_PASSWORD = `登录密码应为1至${PLATFORM_PASSWORD_MAX}位可见ASCII字符`;
export const MSG_PLATFORM_ENABLED = "启用状态应为是或否";
export const MSG_PLATFORM_NOT_FOUND = "转发平台不存在";
export const MSG_PLATFORM_STALE = "该转发平台已被他人修改，请刷新后重新编辑";
export const msgPlatformNameTaken = (name: string) => `平台名称${name}已存在`;

/** A platform as an operator fills it in; `password` empty on an edit keeps the stored one. */
export type PlatformAccountInput = {
  name: string;
  host: string;
  port: number;
  protocol: ForwardProtocol;
  account: string;
  /** null: keep the stored one (an edit that does not change it). */
  password: string | null;
  enabled: boolean;
};

export interface PlatformProblem {
  field: string;
  msg: string;
}

const IPV4_RE = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/u;
const DOMAIN_RE = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/u;
const ACCOUNT_RE = new RegExp(`^[A-Za-z0-9]{1,${PLATFORM_ACCOUNT_MAX}}$`, "u");
const PASSWORD_RE = new RegExp(`^[\\x21-\\x7e]{1,${PLATFORM_PASSWORD_MAX}}$`, "u");

const text = (x: unknown) => (typeof x === "string" ? x.trim() : "");

/** Whether `host` is an IPv4 address or a domain name. */
export const isPlatformHost = (host: string) => IPV4_RE.test(host) || DOMAIN_RE.test(host);

/**
 * Checks a platform as the form sends it: answers the values or every reason with its field.
 * A new platform needs a password; an edit may leave it empty to keep the stored one.
 */
export function checkPlatformAccount(
  input: unknown,
  creating: boolean,
): Result<PlatformAccountInput, PlatformProblem[]> {
  const o = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const problems: PlatformProblem[] = [];
  const name = text(o.name);
  if (name === "") problems.push({ field: "name", msg: MSG_PLATFORM_NAME });
  else if (name.length > 40) problems.push({ field: "name", msg: MSG_PLATFORM_NAME_LONG });
  const host = text(o.host);
  if (!isPlatformHost(host)) problems.push({ field: "host", msg: MSG_PLATFORM_HOST });
  const port = o.port;
  if (typeof port !== "number" || !Number.isInteger(port) || port < 1 || port > 65535)
    problems.push({ field: "port", msg: MSG_PLATFORM_PORT });
  const protocol = o.protocol;
  if (typeof protocol !== "string" || !Object.hasOwn(FORWARD_PROTOCOL_LABELS, protocol))
    problems.push({ field: "protocol", msg: MSG_PLATFORM_PROTOCOL });
  const account = text(o.account);
  if (!ACCOUNT_RE.test(account)) problems.push({ field: "account", msg: MSG_PLATFORM_ACCOUNT });
  // A password is taken as typed (spaces are not visible ASCII, so they are refused, not trimmed).
  const password = typeof o.password === "string" && o.password !== "" ? o.password : null;
  if (password === null && creating) problems.push({ field: "password", msg: MSG_PLATFORM_PASSWORD_REQUIRED });
  if (password !== null && !PASSWORD_RE.test(password))
    problems.push({ field: "password", msg: MSG_PLATFORM_PASSWORD });
  if (typeof o.enabled !== "boolean") problems.push({ field: "enabled", msg: MSG_PLATFORM_ENABLED });
  if (problems.length > 0) return err(problems);
  return ok({
    name,
    host,
    port: port as number,
    protocol: protocol as ForwardProtocol,
    account,
    password,
    enabled: o.enabled as boolean,
  });
}

/**
 * The platform form's schema (the kit's form dialog checks with a valibot schema): the same
 * checks as `checkPlatformAccount`, each reason on its field.
 */
export function platformAccountSchema(creating: boolean): v.GenericSchema<unknown, PlatformAccountInput> {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const r = checkPlatformAccount(dataset.value, creating);
      if (r.ok) return r.value;
      const input = dataset.value as Record<string, unknown>;
      for (const p of r.error)
        addIssue({
          message: p.msg,
          path: [{ type: "object", origin: "value", input, key: p.field, value: input?.[p.field] }],
        });
      return NEVER;
    }),
  );
}
