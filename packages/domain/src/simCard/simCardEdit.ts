import * as v from "valibot";
import { chinaDate } from "../dates/chinaTime";
import { err, ok, type Result } from "../shared/result";
import {
  SIM_CARRIER_LABELS,
  SIM_CARRIERS,
  SIM_STATUS_LABELS,
  SIM_STATUSES,
  type SimCarrier,
  type SimStatus,
} from "./simCardValues";
import { carrierOfIccid, simIccidProblem, simMsisdnProblem } from "./simIdentifiers";

/** Longest remark of a card. */
export const SIM_REMARK_MAX_LENGTH = 200;
/** Largest monthly data plan, in MB (1 TB: above any IoT plan; catches a GB/MB mix-up the other way only at the top). */
export const SIM_DATA_PLAN_MAX_MB = 1_048_576;

export const MSG_SIM_CARRIER = "运营商应为中国移动、中国联通或中国电信";
export const MSG_SIM_STATUS = "卡状态应为库存、测试期、已激活、停机或已销户";
export const MSG_SIM_DATE = "日期格式应为yyyy-MM-dd";
export const MSG_SIM_DATA_PLAN = `套餐流量应为0至${SIM_DATA_PLAN_MAX_MB}之间的整数（MB）`;
export const MSG_SIM_REMARK_TOO_LONG = `备注不能超过${SIM_REMARK_MAX_LENGTH}个字符`;
export const MSG_SIM_ACTIVATION_REQUIRED = "已激活、停机或已销户的卡须填写激活日期";
export const MSG_SIM_INVENTORY_ACTIVATED = "库存卡不能填写激活日期";
export const MSG_SIM_ACTIVATION_FUTURE = "激活日期不能晚于今天";
export const MSG_SIM_EXPIRY_BEFORE_ACTIVATION = "到期日期不能早于激活日期";
/** 409 of an edit made on a copy someone else has changed since (optimistic concurrency). */
export const MSG_SIM_STALE = "该SIM卡已被他人修改，请刷新后重新编辑";
/** An import row (without overwrite) or a new card whose ICCID is already registered. */
export const MSG_SIM_EXISTS = "ICCID已存在";
/** The second row of one import file with the same ICCID. */
export const MSG_SIM_DUPLICATE_IN_FILE = "文件中ICCID重复";
/** The second row of one import file with the same MSISDN. */
export const MSG_SIM_MSISDN_DUPLICATE_IN_FILE = "文件中MSISDN重复";
/** An MSISDN another card already has (a number belongs to one card). */
export const MSG_SIM_MSISDN_TAKEN = "MSISDN已被其他SIM卡使用";

/** The carrier's name in the mismatch message. */
export const msgSimCarrierMismatch = (issuer: SimCarrier) =>
  `运营商与ICCID号段不符，该号段属于${SIM_CARRIER_LABELS[issuer]}`;
/** A bound card cannot go back to stock or be cancelled: the vehicle would report on a dead card. */
export const msgSimBoundStatus = (vin: string, status: SimStatus) =>
  `该卡已绑定车辆${vin}，不能设为${SIM_STATUS_LABELS[status]}，请先在终端信息中解绑`;
/** A bound card cannot be deleted. */
export const msgSimDeleteBound = (vin: string) => `该SIM卡已绑定车辆${vin}，请先在终端信息中解绑后再删除`;

/** A card that is not an object of fields at all. */
export const MSG_SIM_NOT_A_CARD = "SIM卡数据格式不正确";

/** Column labels of a card's fields: the edit form's labels, the import template's header row. */
export const SIM_CARD_FIELD_LABELS = {
  iccid: "ICCID",
  msisdn: "MSISDN",
  carrier: "运营商",
  status: "卡状态",
  activationDate: "激活日期",
  expiryDate: "到期日期",
  dataPlanMb: "套餐流量(MB)",
  remark: "备注",
} as const;

/** Whether text is a real calendar day written yyyy-MM-dd (2025-02-30 is not). */
function isCalendarDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

const DaySchema = v.pipe(v.string(MSG_SIM_DATE), v.check(isCalendarDay, MSG_SIM_DATE));

/** A rule function as a valibot check whose message is the rule's own reason. */
const ruled = (problem: (s: string) => string | null, missing: string) =>
  v.pipe(
    v.string(missing),
    v.check(
      (s) => problem(s) === null,
      // The check failed, so the rule has a reason.
      (issue) => problem(issue.input as string) as string,
    ),
  );

/**
 * The editable fields of a SIM card, and its key: what the edit form submits (with the
 * record's `updatedAt`) and what one import row holds. The schema checks each field on its
 * own; {@link simCardRuleProblems} checks them together. Dates are calendar days in UTC+8.
 */
export const SimCardEditSchema = v.object(
  {
    iccid: ruled(simIccidProblem, "请输入ICCID"),
    msisdn: v.nullable(ruled(simMsisdnProblem, "请输入MSISDN")),
    carrier: v.picklist(SIM_CARRIERS, MSG_SIM_CARRIER),
    status: v.picklist(SIM_STATUSES, MSG_SIM_STATUS),
    activationDate: v.nullable(DaySchema),
    expiryDate: v.nullable(DaySchema),
    dataPlanMb: v.nullable(
      v.pipe(
        v.number(MSG_SIM_DATA_PLAN),
        v.integer(MSG_SIM_DATA_PLAN),
        v.minValue(0, MSG_SIM_DATA_PLAN),
        v.maxValue(SIM_DATA_PLAN_MAX_MB, MSG_SIM_DATA_PLAN),
      ),
    ),
    remark: v.nullable(
      v.pipe(v.string(MSG_SIM_REMARK_TOO_LONG), v.maxLength(SIM_REMARK_MAX_LENGTH, MSG_SIM_REMARK_TOO_LONG)),
    ),
  },
  // A missing field names its label; something that is not an object at all is one reason.
  (issue) => {
    const key = issue.path?.[0]?.key as keyof typeof SIM_CARD_FIELD_LABELS | undefined;
    return key === undefined ? MSG_SIM_NOT_A_CARD : `缺少字段：${SIM_CARD_FIELD_LABELS[key]}`;
  },
);

/** A card's editable fields (and its ICCID), as checked by {@link SimCardEditSchema}. */
export type SimCardEdit = v.InferOutput<typeof SimCardEditSchema>;
export type SimCardField = keyof SimCardEdit;

/** One reason a card is refused, on the field the edit form marks. */
export interface SimCardProblem {
  field: SimCardField;
  msg: string;
}

/** What the rules need besides the card: today in UTC+8 (the clock is the caller's) and the vehicle the card is bound to. */
export interface SimCardContext {
  /** Today, yyyy-MM-dd in UTC+8. */
  today: string;
  /** VIN of the vehicle the card is bound to, or null when free. */
  boundVin: string | null;
}

/** The calendar day (yyyy-MM-dd) in China (UTC+8) of an instant, for {@link SimCardContext.today}. */
export function chinaDay(epochMs: number): string {
  return chinaDate(epochMs);
}

const NEEDS_ACTIVATION: readonly SimStatus[] = ["active", "suspended", "cancelled"];
const NOT_WHILE_BOUND: readonly SimStatus[] = ["inventory", "cancelled"];

/**
 * The rules between fields (designed from how carriers run IoT cards): the carrier is the
 * one the ICCID's issuer digits name; a card that was ever active has an activation date,
 * one in stock has none; no activation in the future; the term ends after it starts; a card
 * bound to a vehicle is neither back in stock nor cancelled.
 */
export function simCardRuleProblems(edit: SimCardEdit, ctx: SimCardContext): SimCardProblem[] {
  const out: SimCardProblem[] = [];
  const issuer = carrierOfIccid(edit.iccid);
  if (issuer !== null && issuer !== edit.carrier) out.push({ field: "carrier", msg: msgSimCarrierMismatch(issuer) });
  if (NEEDS_ACTIVATION.includes(edit.status) && edit.activationDate === null)
    out.push({ field: "activationDate", msg: MSG_SIM_ACTIVATION_REQUIRED });
  if (edit.status === "inventory" && edit.activationDate !== null)
    out.push({ field: "activationDate", msg: MSG_SIM_INVENTORY_ACTIVATED });
  if (edit.activationDate !== null && edit.activationDate > ctx.today)
    out.push({ field: "activationDate", msg: MSG_SIM_ACTIVATION_FUTURE });
  if (edit.activationDate !== null && edit.expiryDate !== null && edit.expiryDate < edit.activationDate)
    out.push({ field: "expiryDate", msg: MSG_SIM_EXPIRY_BEFORE_ACTIVATION });
  if (ctx.boundVin !== null && NOT_WHILE_BOUND.includes(edit.status))
    out.push({ field: "status", msg: msgSimBoundStatus(ctx.boundVin, edit.status) });
  return out;
}

/**
 * Checks a card as the edit form and an import row submit it: each field, then the rules
 * between them. Answers the card, or every reason with its field (the form marks each one;
 * an import joins them into the row's reason). Never throws on bad input.
 */
export function checkSimCardEdit(input: unknown, ctx: SimCardContext): Result<SimCardEdit, SimCardProblem[]> {
  const parsed = v.safeParse(SimCardEditSchema, input);
  if (!parsed.success) {
    return err(
      parsed.issues.map((issue) => ({
        field: (issue.path?.[0]?.key ?? "iccid") as SimCardField,
        msg: issue.message,
      })),
    );
  }
  const problems = simCardRuleProblems(parsed.output, ctx);
  return problems.length > 0 ? err(problems) : ok(parsed.output);
}

/** The reason of an import row: every problem, joined (the per-row report shows one text). */
export function simCardProblemText(problems: readonly SimCardProblem[]): string {
  return problems.map((p) => p.msg).join("；");
}

/** The editable fields of a card record as they are now (what the edit form starts from), nothing else. */
export function simCardEditOf(card: SimCardEdit): SimCardEdit {
  const { iccid, msisdn, carrier, status, activationDate, expiryDate, dataPlanMb, remark } = card;
  return { iccid, msisdn, carrier, status, activationDate, expiryDate, dataPlanMb, remark };
}
