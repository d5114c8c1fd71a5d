/**
 * TBOX注册状态查询 (issue 17): what a terminal's register / authenticate messages and logins
 * mean. The messages and their result codes are the standards' (JT/T 808 0x0100 → 0x8100,
 * 0x0102 → 0x8001; GB/T 32960 0x01 / 0x04 → the answer's flag); the stage a terminal is in is
 * the platform's reading of them.
 */

/** The messages the gateway records: JT/T 808 register / authenticate, GB/T 32960 login / logout, a login after a wake-up SMS. */
export const REGISTRATION_MESSAGES = ["register", "authenticate", "login", "logout", "wakeLogin"] as const;
export type RegistrationMessage = (typeof REGISTRATION_MESSAGES)[number];

/** Names of the messages as the screen shows them. */
export const REGISTRATION_MESSAGE_LABELS: Readonly<Record<RegistrationMessage, string>> = {
  register: "终端注册(0x0100)",
  authenticate: "终端鉴权(0x0102)",
  login: "车辆登入(0x01)",
  logout: "车辆登出(0x04)",
  wakeLogin: "唤醒登入",
};

/** 0x8100 结果 (JT/T 808 表: 0 成功, 1 车辆已被注册, 2 数据库中无该车辆, 3 终端已被注册, 4 数据库中无该终端). */
export const JT808_REGISTER_RESULT_LABELS = [
  "成功",
  "车辆已被注册",
  "数据库中无该车辆",
  "终端已被注册",
  "数据库中无该终端",
] as const;

/** 0x8001 results to an authentication (0 成功, 1 失败, 2 消息有误, 3 不支持). */
const AUTH_RESULT_LABELS = ["成功", "失败", "消息有误", "不支持"] as const;

/** GB/T 32960 answer to a login/logout, as recorded: 0 成功, 2 错误, 3 VIN重复, 4 VIN未知 (the flag's meaning; 0 stands for flag 0x01). */
const GBT_RESULT_LABELS = ["成功", "失败", "错误", "VIN重复", "VIN未知"] as const;

/** The text of a recorded result: the standard's name for the message's result code, or `结果N` for a code it does not define. */
export function registrationResultText(message: RegistrationMessage, result: number): string {
  const labels: readonly string[] =
    message === "register"
      ? JT808_REGISTER_RESULT_LABELS
      : message === "authenticate"
        ? AUTH_RESULT_LABELS
        : GBT_RESULT_LABELS;
  return labels[result] ?? `结果${result}`;
}

/**
 * A terminal's stage: `unregistered` (a JT/T 808 terminal the platform gave no code yet),
 * `refused` (its last register / authenticate / login was refused), `registered` (registered,
 * not authenticated since), `authenticated` (its last authentication or login succeeded, the
 * link is closed now), `online` (authenticated and its link is up). GB/T 32960 and HJ 1239 have
 * no register message: their T-BOX register entry stands for the registration.
 */
export const REGISTRATION_STAGES = ["unregistered", "refused", "registered", "authenticated", "online"] as const;
export type RegistrationStage = (typeof REGISTRATION_STAGES)[number];

export const REGISTRATION_STAGE_LABELS: Readonly<Record<RegistrationStage, string>> = {
  unregistered: "未注册",
  refused: "注册/鉴权被拒",
  registered: "已注册未鉴权",
  authenticated: "已鉴权（离线）",
  online: "在线",
};

/** What the platform knows of a terminal. */
export interface RegistrationFacts {
  /** Holds a code from a successful 0x0100 (always true for protocols without a register message). */
  readonly registered: boolean;
  /** The result of its newest register / authenticate / login, null when none is recorded. */
  readonly lastResult: number | null;
  /** Whether its newest accepted message was an authentication or login (not only a register). */
  readonly authenticated: boolean;
  readonly online: boolean;
}

/** The stage of a terminal from its facts (online wins: a link that is up was authenticated). */
export function registrationStage(f: RegistrationFacts): RegistrationStage {
  if (f.online) return "online";
  if (f.lastResult !== null && f.lastResult !== 0) return "refused";
  if (!f.registered) return "unregistered";
  return f.authenticated ? "authenticated" : "registered";
}
