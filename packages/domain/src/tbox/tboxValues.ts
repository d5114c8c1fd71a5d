/**
 * The closed value lists of a T-BOX terminal (base information › TBOX数据). Designed: the spec
 * names the screen only (business-areas.md §2); the lists follow the three protocols a
 * Chinese truck / NEV / machinery fleet's terminals speak (spec/domain-notes.md) and the
 * life of a terminal from the factory to the road. Codes travel in the API; labels are what
 * the console shows and what an import template is filled with (either is read back).
 */

/** Uplink protocol: GB/T 32960 (NEV), JT/T 808 (road transport), HJ 1239 (heavy-duty emissions). */
export const TBOX_PROTOCOLS = ["GBT32960", "JTT808", "HJ1239"] as const;
export type TboxProtocol = (typeof TBOX_PROTOCOLS)[number];
export const TBOX_PROTOCOL_LABELS: Readonly<Record<TboxProtocol, string>> = {
  GBT32960: "GB/T 32960",
  JTT808: "JT/T 808",
  HJ1239: "HJ 1239",
};

/**
 * Registration state: unregistered (from the factory, never logged in) → registered (the
 * platform accepted its registration / login: JT/T 808 0x0100 answered with an auth code) →
 * activated (in service on a vehicle) → deregistered (注销: taken out of service, never bound again).
 */
export const TBOX_STATES = ["unregistered", "registered", "activated", "deregistered"] as const;
export type TboxState = (typeof TBOX_STATES)[number];
export const TBOX_STATE_LABELS: Readonly<Record<TboxState, string>> = {
  unregistered: "未注册",
  registered: "已注册",
  activated: "已激活",
  deregistered: "已注销",
};

function codeOf<C extends string>(labels: Readonly<Record<C, string>>, text: string): C | null {
  const t = text.trim();
  for (const [code, label] of Object.entries(labels) as [C, string][]) {
    if (t === code || t === label || t.replace(/\s/g, "") === label.replace(/\s/g, "")) return code;
  }
  return null;
}

/** A protocol written as its code or its name ("GB/T 32960", "GB/T32960"), or null. */
export const parseTboxProtocol = (text: string): TboxProtocol | null => codeOf(TBOX_PROTOCOL_LABELS, text);
/** A state written as its code or its Chinese name, or null. */
export const parseTboxState = (text: string): TboxState | null => codeOf(TBOX_STATE_LABELS, text);
