import type { Jt808Location, Jt808LocationItem } from "../jt808/location";

/**
 * ECALL/BCALL报文 (/tbox/ecAllMessage). Neither GB/T 32960 nor JT/T 808 has an emergency-call
 * frame; this platform's design (x-designed) rides JT/T 808's 0x0200 location report, which
 * carries the call's place and time:
 * - alarm bit 0 紧急报警 is set while an E-call (emergency, 112-style) is on — what a JT/T 808
 *   platform already treats as the SOS button;
 * - an OEM additional item 0xEC (JT/T 808 leaves 0xE1–0xFF to the maker), 5 bytes: call type
 *   (0x01 E-call, 0x02 B-call — breakdown assistance), trigger (0x01 自动: crash sensor/airbag,
 *   0x02 手动: the button), state (0x01 呼叫中, 0x02 已接通, 0x03 已挂断, 0x04 呼叫失败) and the
 *   terminal's call id (WORD), so a call's reports are told apart from the next call's;
 * - bit 0 without the item (a plain JT/T 808 terminal's SOS button) is an E-call 手动 of unknown
 *   state. A B-call never sets bit 0: it is no emergency.
 */
export const ECALL_ITEM_ID = 0xec;
const ECALL_ITEM_SIZE = 5;

export const CALL_TYPES = { E: "ECALL", B: "BCALL" } as const;
export type CallType = keyof typeof CALL_TYPES;
export const CALL_TRIGGERS = { auto: "自动", manual: "手动", unknown: "未知" } as const;
export type CallTrigger = keyof typeof CALL_TRIGGERS;
export const CALL_STATES = {
  dialing: "呼叫中",
  connected: "已接通",
  ended: "已挂断",
  failed: "呼叫失败",
  unknown: "未知",
} as const;
export type CallState = keyof typeof CALL_STATES;

/** What a report says of an emergency or breakdown call. */
export interface EmergencyCall {
  readonly type: CallType;
  readonly trigger: CallTrigger;
  readonly state: CallState;
  /** The terminal's call id, null when only the alarm bit said so. */
  readonly callId: number | null;
}

const TYPE_CODES: readonly (CallType | undefined)[] = [undefined, "E", "B"];
const TRIGGER_CODES: readonly CallTrigger[] = ["unknown", "auto", "manual"];
const STATE_CODES: readonly CallState[] = ["unknown", "dialing", "connected", "ended", "failed"];

/** The call of a well-formed 0xEC item's bytes, or null for a call type the design does not know. */
function itemCall(data: Uint8Array): EmergencyCall | null {
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const type = TYPE_CODES[v.getUint8(0)];
  if (type === undefined) return null;
  return {
    type,
    trigger: TRIGGER_CODES[v.getUint8(1)] ?? "unknown",
    state: STATE_CODES[v.getUint8(2)] ?? "unknown",
    callId: v.getUint16(3),
  };
}

/** The call a location reports: the 0xEC item when well-formed, else alarm bit 0 alone, else none. */
export function emergencyCallOf(l: Pick<Jt808Location, "alarm" | "items">): EmergencyCall | null {
  for (const i of l.items) {
    if (i.kind !== "raw" || i.id !== ECALL_ITEM_ID || i.data.length !== ECALL_ITEM_SIZE) continue;
    const call = itemCall(i.data);
    if (call) return call;
  }
  if ((l.alarm & 1) === 1) return { type: "E", trigger: "manual", state: "unknown", callId: null };
  return null;
}

/** The 0xEC item of a call (what a terminal, the simulator and the seed send). */
export function emergencyCallItem(call: EmergencyCall & { readonly callId: number }): Jt808LocationItem {
  return {
    kind: "raw",
    id: ECALL_ITEM_ID,
    data: Uint8Array.from([
      TYPE_CODES.indexOf(call.type),
      TRIGGER_CODES.indexOf(call.trigger),
      STATE_CODES.indexOf(call.state),
      (call.callId >>> 8) & 0xff,
      call.callId & 0xff,
    ]),
  };
}

/** 「ECALL · 自动 · 已接通」 */
export function callText(c: EmergencyCall): string {
  return `${CALL_TYPES[c.type]} · ${CALL_TRIGGERS[c.trigger]} · ${CALL_STATES[c.state]}`;
}
