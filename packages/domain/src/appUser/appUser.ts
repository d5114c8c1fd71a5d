import type { RegisterDef, RegisterProblem, RegisterValues } from "../registers/register";

/** Whether the user passed the app's real-name check (实名认证, done in the app, read here). */
export const APP_REAL_NAME_LABELS = { unverified: "未实名", verified: "已实名", rejected: "认证未通过" } as const;
/** Whether the user may sign in to the app. */
export const APP_USER_STATUS_LABELS = { enabled: "启用", disabled: "停用" } as const;
/** What a user is to a bound vehicle: its owner, or a driver the owner authorised. */
export const APP_BINDING_ROLE_LABELS = { owner: "车主", driver: "授权驾驶人" } as const;
export type AppBindingRole = keyof typeof APP_BINDING_ROLE_LABELS;

/** Most vehicles one app account may be bound to (a fleet's dispatcher uses a fleet account, not the app). */
export const APP_USER_MAX_VEHICLES = 20;

export const MSG_APP_USER_MOBILE = "手机号应为11位手机号码";
export const MSG_APP_USER_SIGN_IN_BEFORE_REGISTER = "最近登录日期不能早于注册日期";
export const MSG_APP_USER_DISABLED_BIND = "已停用的用户不能绑定车辆";
export const MSG_APP_BINDING_NO_OWNER = "该车辆尚无车主，请先绑定车主再授权驾驶人";
export const MSG_APP_UNBIND_OWNER_WITH_DRIVERS = "该车辆还有授权驾驶人，请先解绑授权驾驶人再解绑车主";
export const msgAppUserBoundAlready = (vin: string) => `该用户已绑定车辆${vin}`;
export const msgAppBindingOwnerTaken = (vin: string, phone: string) => `车辆${vin}已有车主（${phone}），请先解绑`;
export const msgAppUserTooManyVehicles = () => `每个用户最多绑定${APP_USER_MAX_VEHICLES}辆车`;
export const msgAppUserDeleteBound = (n: number) => `该用户绑定了${n}辆车，请先解绑后再删除`;
export const msgAppBindingNotFound = (vin: string) => `该用户未绑定车辆${vin}`;

const MOBILE_RE = /^1[3-9]\d{9}$/u;

/** A mobile number as lists show it: 138****1234 (the middle four hidden). */
export function maskAppPhone(phone: string): string {
  return MOBILE_RE.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** An app account signs in with a mobile number; it cannot have signed in before it registered. */
function appUserProblems(row: RegisterValues): RegisterProblem[] {
  const out: RegisterProblem[] = [];
  if (typeof row.phone === "string" && !MOBILE_RE.test(row.phone))
    out.push({ field: "phone", msg: MSG_APP_USER_MOBILE });
  if (typeof row.lastSignIn === "string" && typeof row.registeredOn === "string" && row.lastSignIn < row.registeredOn)
    out.push({ field: "lastSignIn", msg: MSG_APP_USER_SIGN_IN_BEFORE_REGISTER });
  return out;
}

/**
 * APP用户信息 (/baseInfo/appUser): the accounts of the tenant's owner app, keyed by the app's
 * account id, and (APP_BINDING rules below) the vehicles each is bound to. x-designed: what
 * an operator answering an owner's call needs — who (phone, shown masked, nickname), whether
 * real-name checked (done in the app; recorded here), whether the account may sign in, when it
 * registered and last signed in.
 */
export const APP_USER_REGISTER: RegisterDef = {
  name: "appUser",
  title: "APP用户信息",
  noun: "APP用户",
  nameField: "nickname",
  searchable: ["userId", "phone", "nickname"],
  fields: [
    { key: "userId", label: "用户ID", kind: "code", required: true, maxLength: 20, listed: true },
    {
      key: "phone",
      label: "手机号",
      kind: "phone",
      required: true,
      listed: true,
      hint: "11位手机号码，列表中隐去中间四位",
    },
    { key: "nickname", label: "昵称", kind: "text", required: true, maxLength: 20, listed: true },
    {
      key: "realNameState",
      label: "实名状态",
      kind: "choice",
      required: true,
      choices: APP_REAL_NAME_LABELS,
      listed: true,
    },
    { key: "status", label: "账号状态", kind: "choice", required: true, choices: APP_USER_STATUS_LABELS, listed: true },
    { key: "registeredOn", label: "注册日期", kind: "date", required: true, listed: true },
    { key: "lastSignIn", label: "最近登录日期", kind: "date", required: false, listed: true, hint: "不早于注册日期" },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  rules: appUserProblems,
  example: {
    userId: "U-EXAMPLE",
    phone: "13800138000",
    nickname: "示例用户",
    realNameState: APP_REAL_NAME_LABELS.unverified,
    status: APP_USER_STATUS_LABELS.enabled,
    registeredOn: "2025-03-01",
    lastSignIn: "",
    remark: "",
  },
};

/** A binding of a user to a vehicle. */
export interface AppBinding {
  userId: string;
  vin: string;
  role: AppBindingRole;
}

/**
 * The reason a user may not be bound to `vin` as `role`, or null. `user` is the account with
 * its status and bindings; `vehicle` the vehicle's current bindings (every user's); `ownerPhone`
 * the current owner's masked phone when the vehicle has one.
 */
export function appBindingProblem(
  user: { userId: string; status: string; bindings: readonly AppBinding[] },
  vehicle: readonly AppBinding[],
  vin: string,
  role: AppBindingRole,
  ownerPhone: string | null,
): string | null {
  if (user.status !== "enabled") return MSG_APP_USER_DISABLED_BIND;
  if (user.bindings.some((b) => b.vin === vin)) return msgAppUserBoundAlready(vin);
  if (user.bindings.length >= APP_USER_MAX_VEHICLES) return msgAppUserTooManyVehicles();
  const owner = vehicle.find((b) => b.role === "owner");
  if (role === "owner" && owner) return msgAppBindingOwnerTaken(vin, ownerPhone ?? "");
  if (role === "driver" && !owner) return MSG_APP_BINDING_NO_OWNER;
  return null;
}

/** The reason the binding of `userId` to `vin` may not be removed, or null (an owner goes after the drivers they authorised). */
export function appUnbindProblem(vehicle: readonly AppBinding[], userId: string, vin: string): string | null {
  const mine = vehicle.find((b) => b.userId === userId);
  if (!mine) return msgAppBindingNotFound(vin);
  if (mine.role === "owner" && vehicle.some((b) => b.role === "driver")) return MSG_APP_UNBIND_OWNER_WITH_DRIVERS;
  return null;
}
