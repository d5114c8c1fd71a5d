/**
 * The closed value lists of a SIM card record (base information › SIM卡数据). Designed: the
 * spec names the screen only (business-areas.md §2); the lists follow what a fleet operator
 * does with IoT cards of China's three carriers. Codes travel in the API; labels are what the
 * console shows and what an import template is filled with (either is read back).
 */

/** Carriers of a card (ITU-T E.118 issuer in China's 8986 range). */
export const SIM_CARRIERS = ["CMCC", "CUCC", "CTCC"] as const;
export type SimCarrier = (typeof SIM_CARRIERS)[number];
export const SIM_CARRIER_LABELS: Readonly<Record<SimCarrier, string>> = {
  CMCC: "中国移动",
  CUCC: "中国联通",
  CTCC: "中国电信",
};

/**
 * Life cycle of an IoT card: in stock (never activated) → test period (the carrier's free
 * test allowance while the vehicle is built) → active → suspended (停机, e.g. unpaid or
 * locked) → cancelled (销户, the number is released; nothing returns from it).
 */
export const SIM_STATUSES = ["inventory", "testing", "active", "suspended", "cancelled"] as const;
export type SimStatus = (typeof SIM_STATUSES)[number];
export const SIM_STATUS_LABELS: Readonly<Record<SimStatus, string>> = {
  inventory: "库存",
  testing: "测试期",
  active: "已激活",
  suspended: "停机",
  cancelled: "已销户",
};

/**
 * Real-name state of the card's user (MIIT 工信部网安函〔2021〕246号; the same states as the
 * real-name screen /auth/index, with the same names). Read only here: it comes from the real-name records.
 */
export const SIM_REALNAME_STATES = ["unauthenticated", "pending", "approved", "rejected"] as const;
export type SimRealnameState = (typeof SIM_REALNAME_STATES)[number];
export const SIM_REALNAME_LABELS: Readonly<Record<SimRealnameState, string>> = {
  unauthenticated: "未认证",
  pending: "审核中",
  approved: "已认证",
  rejected: "已驳回",
};

/** The code of a value written as its code or its label (an import cell), or null. */
function codeOf<C extends string>(labels: Readonly<Record<C, string>>, text: string): C | null {
  const t = text.trim();
  for (const [code, label] of Object.entries(labels) as [C, string][]) {
    if (t === code || t === label) return code;
  }
  return null;
}

/** A carrier written as CMCC or 中国移动 (…), or null when it is neither. */
export const parseSimCarrier = (text: string): SimCarrier | null => codeOf(SIM_CARRIER_LABELS, text);

/** A status written as active or 已激活 (…), or null when it is neither. */
export const parseSimStatus = (text: string): SimStatus | null => codeOf(SIM_STATUS_LABELS, text);
