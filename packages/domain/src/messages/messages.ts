import * as v from "valibot";
import { WORK_ALARM_LEVELS } from "../alarms/handling";

/**
 * 个人消息 (issue 18): what an operator is told. Messages are derived on read from two facts the
 * platform already keeps — alarm episodes of the account's vehicles at or above its level
 * (default 3, optionally only a group's vehicles) and its own finished export tasks — so only
 * the read marks are stored. Tamper alarms (防拆报警, issue 19) reach the accounts its 报警通知人员 names;
 * a remote-control command that failed, expired or was cancelled reaches the accounts a 车控提醒 rule
 * with 站内消息 names (kind carControl, keyed by command and rule).
 */
export const MESSAGE_KINDS = ["alarm", "export", "tamper", "carControl"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A message's key as the console and the read marks name it: kind and the fact's id. */
export const messageKey = (kind: MessageKind, ref: string | number): string => `${kind}:${ref}`;

/** Parses a message key; null when it is not one. */
export function parseMessageKey(key: string): { kind: MessageKind; ref: string } | null {
  const colon = key.indexOf(":");
  const kind = key.slice(0, colon);
  const ref = key.slice(colon + 1);
  if (colon < 0 || ref === "" || !(MESSAGE_KINDS as readonly string[]).includes(kind)) return null;
  return { kind: kind as MessageKind, ref };
}

/** The level at and above which an alarm is a message, unless the account chose another. */
export const DEFAULT_MESSAGE_LEVEL = 3;

/** Whether an alarm episode of this level is a message for a setting of `minLevel` (JT/T 808 alarms have no level: never). */
export const alarmIsMessage = (level: number | null, minLevel: number): boolean => level !== null && level >= minLevel;

/** How far back messages reach: the decoded alarm store keeps more, an inbox need not. */
export const MESSAGE_WINDOW_DAYS = 30;

export const MSG_MESSAGE_LEVEL = "请选择报警等级（1–3）";
export const MSG_MESSAGE_KEY = "消息编号不正确";

/** The account's message setting: the lowest alarm level that is a message, and optionally one group. */
export const MessageSettingSchema = v.object({
  minLevel: v.picklist(WORK_ALARM_LEVELS, MSG_MESSAGE_LEVEL),
  groupId: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type MessageSetting = v.InferOutput<typeof MessageSettingSchema>;
