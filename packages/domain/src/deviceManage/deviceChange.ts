/**
 * 设备管理's replacements (T-Box更换, 车机更换, 驱动电机更换, 动力电池更换): one record shape for the
 * four kinds — VIN, the old and the new serial or code, a reason from a list, a remark — applied
 * to the master data only when approved. The checks here are the one copy of the rules; the
 * server feeds them what the database holds at creation and again, locked, at approval.
 */

/** The four kinds of replacement, each with its screen (route segment under /deviceManage). */
export const DEVICE_CHANGE_KINDS = ["tbox", "headUnit", "motor", "battery"] as const;
export type DeviceChangeKind = (typeof DEVICE_CHANGE_KINDS)[number];

export interface DeviceChangeKindInfo {
  /** The screen's route segment, and the head of its button permissions. */
  readonly route: string;
  /** Menu title as the spec quotes it. */
  readonly title: string;
  /** What the codes are called in messages and sheets. */
  readonly noun: string;
  /** Where the new code must be registered first; null when codes are free text (motor, battery). */
  readonly register: string | null;
}

export const DEVICE_CHANGE_KIND_INFO: Readonly<Record<DeviceChangeKind, DeviceChangeKindInfo>> = {
  tbox: { route: "tboxChange", title: "T-Box更换", noun: "T-BOX序列号", register: "TBOX数据" },
  headUnit: { route: "vehicleChange", title: "车机更换", noun: "车机序列号", register: "车机数据" },
  motor: { route: "motorChange", title: "驱动电机更换", noun: "电机编码", register: null },
  battery: { route: "batteryChange", title: "动力电池更换", noun: "电池包编码", register: null },
};

/** The kind whose screen is `/deviceManage/<route>`, or null. */
export function deviceChangeKindOfRoute(route: string): DeviceChangeKind | null {
  return DEVICE_CHANGE_KINDS.find((k) => DEVICE_CHANGE_KIND_INFO[k].route === route) ?? null;
}

/** Why a part was replaced (x-designed: the reasons after-sales records). */
export const DEVICE_CHANGE_REASON_LABELS = {
  fault: "故障更换",
  upgrade: "升级更换",
  recall: "召回更换",
  accident: "事故损坏",
  other: "其他",
} as const;
export type DeviceChangeReason = keyof typeof DEVICE_CHANGE_REASON_LABELS;
export const DEVICE_CHANGE_REASONS = [
  "fault",
  "upgrade",
  "recall",
  "accident",
  "other",
] as const satisfies readonly DeviceChangeReason[];

/** 待审批 → 已通过 / 已驳回; only an approval touches the master data. */
export const DEVICE_CHANGE_STATE_LABELS = {
  pending: "待审批",
  approved: "已通过",
  rejected: "已驳回",
} as const;
export type DeviceChangeState = keyof typeof DEVICE_CHANGE_STATE_LABELS;
export const DEVICE_CHANGE_STATES = ["pending", "approved", "rejected"] as const satisfies readonly DeviceChangeState[];

export const DEVICE_CHANGE_NOTE_MAX = 200;
export const MSG_DEVICE_CHANGE_REJECT_REASON = "请填写驳回原因";
export const MSG_DEVICE_CHANGE_NOT_FOUND = "更换记录不存在";
export const MSG_DEVICE_CHANGE_VEHICLE_NOT_FOUND = "车辆不存在或不属于本单位";
/** 403 of a call for a kind whose button permission the account lacks. */
export const msgDeviceChangeForbidden = (kind: DeviceChangeKind, action: string) =>
  `没有${DEVICE_CHANGE_KIND_INFO[kind].title}的${action}权限`;
/** 409 of a review of a record already decided. */
export const msgDeviceChangeNotPending = (state: DeviceChangeState) =>
  `该更换申请状态为${DEVICE_CHANGE_STATE_LABELS[state]}，只有待审批的申请可以审批`;

/** What the master data holds for one replacement, read by the server (locked at approval). */
export interface DeviceChangeFacts {
  readonly kind: DeviceChangeKind;
  readonly vin: string;
  readonly oldCode: string;
  readonly newCode: string;
  /** The codes of this kind on the vehicle now (a T-BOX: its one serial or none; motors, packs: the list). */
  readonly current: readonly string[];
  /** Whether the new code is in its register (always true for kinds without one). */
  readonly newRegistered: boolean;
  /** The VIN the new code is on now, or null when free. */
  readonly newHolder: string | null;
}

/**
 * Why this replacement cannot be made, in the operator's words, or null when it can: the two
 * codes must differ, the old one must be what the vehicle carries now, the new one must be
 * registered (T-BOX, head unit) and on no vehicle.
 */
export function deviceChangeProblem(f: DeviceChangeFacts): string | null {
  const { noun, register } = DEVICE_CHANGE_KIND_INFO[f.kind];
  if (f.oldCode === f.newCode) return `新${noun}与原${noun}相同，无需更换`;
  if (!f.current.includes(f.oldCode)) {
    const now = f.current.length === 0 ? "无" : f.current.join("、");
    return `原${noun}“${f.oldCode}”不是车辆${f.vin}当前的${noun}（当前：${now}）`;
  }
  if (!f.newRegistered) return `新${noun}“${f.newCode}”不在${register ?? ""}中，请先登记`;
  if (f.newHolder === f.vin) return `新${noun}“${f.newCode}”已在车辆${f.vin}上`;
  if (f.newHolder !== null) return `新${noun}“${f.newCode}”已绑定车辆${f.newHolder}，请先在原车辆上更换或解绑`;
  return null;
}

/** The vehicle's codes after the replacement: the old one's place taken by the new one. */
export function replaceCode(codes: readonly string[], oldCode: string, newCode: string): string[] {
  return codes.map((c) => (c === oldCode ? newCode : c));
}

/** The review's note: required (trimmed, at most 200) for a rejection, optional for an approval. */
export function deviceChangeReviewProblem(approve: boolean, note: string | null | undefined): string | null {
  const text = (note ?? "").trim();
  if (!approve && text === "") return MSG_DEVICE_CHANGE_REJECT_REASON;
  if (text.length > DEVICE_CHANGE_NOTE_MAX) return `审批意见不能超过${DEVICE_CHANGE_NOTE_MAX}个字符`;
  return null;
}
