import * as v from "valibot";
import { err, ok, type Result } from "../shared/result";
import { carrierOfIccid, MSG_SIM_ICCID_NOT_CHINA } from "../simCard/simIdentifiers";
import { isCreditCodeCheckValid } from "./creditCode";
import { NER_FIELD_LABELS, type NerGroup, nerFieldLabel } from "./nerGroups";

/*
 * The Edit schemas of the four groups, field for field what openapi/tsp-bss.yaml's
 * Ner<Group>InfoEdit says (same lengths, patterns, bounds and enums — a server test compares
 * them value by value), plus the rules between fields the JSON schema cannot say. The server
 * validates a body with openapi/ first, then with these; the console's edit forms use them
 * as they are (checkRecord), so a form shows the server's reasons before anything is sent.
 */

export const MSG_NER_TEXT = "应为字符串";
export const MSG_NER_NUMBER = "应为数字";
export const MSG_NER_INTEGER = "应为整数";
export const MSG_NER_LIST = "应为数组";
export const MSG_NER_EMPTY = "不能为空";
export const MSG_NER_PATTERN = "格式不正确";
export const MSG_NER_DATE = "日期格式应为yyyy-MM-dd";
export const MSG_NER_NOT_A_RECORD = "数据格式不正确";
export const MSG_NER_UNKNOWN_FIELD = "不是可接受的字段";
export const MSG_NER_VIN = "VIN应为17位数字或除I、O、Q以外的大写字母";
export const MSG_NER_PLATE = "车牌号格式不正确（省份简称+字母+5至6位字母或数字）";
export const MSG_NER_TBOX_SN = "终端序列号只能包含字母、数字和“-”";
export const MSG_NER_ICCID = "ICCID只能包含数字和字母A至F";
export const MSG_NER_MSISDN = "MSISDN只能包含数字和“+”";
export const MSG_NER_IMEI = "IMEI应为15位数字";
export const MSG_NER_CREDIT_CODE = "统一社会信用代码应为18位数字或大写字母";
export const MSG_NER_UPDATE_TIME = "updateTime应为读取时的更新时间（毫秒）";
/** The rules between fields (the server's wording since the groups were first edited). */
export const MSG_NER_CREDIT_CHECK = "统一社会信用代码校验位不正确";
export const MSG_NER_CREDIT_NAME_REQUIRED = "填写统一社会信用代码时须填写运营单位";
export const MSG_NER_PACK_CODES = "子系统编码数量应等于可充电储能子系统数";
export const MSG_NER_PEAK_POWER = "峰值功率不能小于额定功率";
export const MSG_NER_MOTOR_CODES = "电机编码数量不能超过电机数量";
export const msgNerTooLong = (max: number) => `长度不能超过${max}`;
export const msgNerTooShort = (min: number) => `长度不能少于${min}`;
export const msgNerAbove = (limit: number) => `应大于${limit}`;
export const msgNerAtLeast = (limit: number) => `不能小于${limit}`;
export const msgNerAtMost = (limit: number) => `不能大于${limit}`;
export const msgNerTooMany = (limit: number) => `最多${limit}项`;
export const msgNerOneOf = (values: readonly string[]) => `取值应为 ${values.join("、")} 之一`;

/** Battery chemistries of the battery group (openapi NerBatteryInfoEdit.batteryType). */
export const NER_BATTERY_TYPES = ["磷酸铁锂", "三元锂", "锰酸锂", "钛酸锂", "钠离子", "其他"] as const;
/** Protocols a terminal reports with (openapi NerTerminalInfoEdit.protocol). */
export const NER_TERMINAL_PROTOCOLS = ["GB/T 32960-2016", "GB/T 32960-2025"] as const;

/** Length in code points, as JSON Schema counts it (an emoji is one character, not two). */
const codePoints = (s: string) => [...s].length;

/** Text of `min`..`max` characters, optionally matching a pattern. */
function text(min: number, max: number, pattern?: { re: RegExp; msg: string }) {
  return v.pipe(
    v.string(MSG_NER_TEXT),
    v.check((s) => codePoints(s) >= min, min === 1 ? MSG_NER_EMPTY : msgNerTooShort(min)),
    v.check((s) => codePoints(s) <= max, msgNerTooLong(max)),
    v.check((s) => pattern === undefined || pattern.re.test(s), pattern?.msg ?? MSG_NER_PATTERN),
  );
}

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** Whether text is a calendar day yyyy-MM-dd (JSON Schema's `date` format: 2025-02-29 is not one). */
export function isNerDate(input: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month] as number));
}

const date = v.nullable(v.pipe(v.string(MSG_NER_DATE), v.check(isNerDate, MSG_NER_DATE)));

/** A number within (0, max] (JSON Schema exclusiveMinimum 0, maximum max). */
const positive = (max: number) =>
  v.pipe(v.number(MSG_NER_NUMBER), v.gtValue(0, msgNerAbove(0)), v.maxValue(max, msgNerAtMost(max)));

/** An integer within [min, max]. */
const integer = (min: number, max: number) =>
  v.pipe(
    v.number(MSG_NER_INTEGER),
    v.integer(MSG_NER_INTEGER),
    v.minValue(min, msgNerAtLeast(min)),
    v.maxValue(max, msgNerAtMost(max)),
  );

/** A list of codes of 1..50 characters each, at most `max` of them. */
const codes = (max: number) => v.pipe(v.array(text(1, 50), MSG_NER_LIST), v.maxLength(max, msgNerTooMany(max)));

const vinField = text(17, 17, { re: /^[A-HJ-NPR-Z0-9]{17}$/, msg: MSG_NER_VIN });

/**
 * The group's version as the editor read it (openapi Timestamp, ms): optional — without it
 * the save is last-write-wins (imports, scripts) — and null when the group was empty then.
 */
const updateTime = v.optional(
  v.nullable(v.pipe(v.number(MSG_NER_UPDATE_TIME), v.integer(MSG_NER_UPDATE_TIME), v.minValue(0, MSG_NER_UPDATE_TIME))),
);

/** A missing field names its label, an unknown one is refused, a non-object is one reason. */
const recordMessage =
  (group: NerGroup) =>
  (issue: v.BaseIssue<unknown>): string => {
    const key = issue.path?.[0]?.key;
    if (key === undefined) return MSG_NER_NOT_A_RECORD;
    if (issue.expected === "never") return `${String(key)}：${MSG_NER_UNKNOWN_FIELD}`;
    return `缺少字段：${nerFieldLabel(group, String(key))}`;
  };

/** Vehicle info (openapi NerVehicleInfoEdit); a credit code needs its check character and an operating unit. */
export const NerVehicleInfoEditSchema = v.pipe(
  v.strictObject(
    {
      vin: vinField,
      plateNo: v.nullable(text(0, 8, { re: /^[\u4e00-\u9fa5][A-Z][A-Z0-9]{5,6}$/u, msg: MSG_NER_PLATE })),
      plateColor: v.nullable(text(1, 50)),
      vehicleUse: text(1, 50),
      carBuying: text(1, 50),
      buyDate: date,
      creditName: v.nullable(text(0, 100)),
      creditCode: v.nullable(
        v.pipe(
          text(18, 18, { re: /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/u, msg: MSG_NER_CREDIT_CODE }),
          v.check(isCreditCodeCheckValid, MSG_NER_CREDIT_CHECK),
        ),
      ),
      bodyColor: v.nullable(text(1, 50)),
      registerDate: date,
      remark: v.nullable(text(0, 200)),
      updateTime,
    },
    recordMessage("vehicleInfo"),
  ),
  v.forward(
    v.partialCheck(
      [["creditCode"], ["creditName"]],
      (r) => r.creditCode === null || (r.creditName !== null && r.creditName !== ""),
      MSG_NER_CREDIT_NAME_REQUIRED,
    ),
    ["creditName"],
  ),
);

/** Power-battery info (openapi NerBatteryInfoEdit); listed subsystem codes are one per subsystem. */
export const NerBatteryInfoEditSchema = v.pipe(
  v.strictObject(
    {
      vin: vinField,
      batteryModel: text(1, 50),
      batteryType: v.picklist(NER_BATTERY_TYPES, msgNerOneOf(NER_BATTERY_TYPES)),
      manufacturer: text(1, 100),
      ratedVoltage: positive(1500),
      ratedCapacity: positive(5000),
      ratedEnergy: positive(2000),
      packCount: integer(0, 250),
      packCodes: codes(250),
      productionDate: date,
      updateTime,
    },
    recordMessage("batteryInfo"),
  ),
  v.forward(
    v.partialCheck(
      [["packCodes"], ["packCount"]],
      (r) => r.packCodes.length === 0 || r.packCodes.length === r.packCount,
      MSG_NER_PACK_CODES,
    ),
    ["packCodes"],
  ),
);

/** Drive-motor info (openapi NerDriveInfoEdit); peak power at least rated, no more codes than motors. */
export const NerDriveInfoEditSchema = v.pipe(
  v.strictObject(
    {
      vin: vinField,
      driveModel: text(1, 50),
      motorPosition: text(1, 50),
      motorCount: integer(1, 8),
      manufacturer: text(1, 100),
      ratedPower: positive(2000),
      peakPower: positive(2000),
      peakTorque: positive(20000),
      maxSpeed: integer(1, 30000),
      motorCodes: codes(8),
      updateTime,
    },
    recordMessage("driveInfo"),
  ),
  v.forward(
    v.partialCheck([["peakPower"], ["ratedPower"]], (r) => r.peakPower >= r.ratedPower, MSG_NER_PEAK_POWER),
    ["peakPower"],
  ),
  v.forward(
    v.partialCheck([["motorCodes"], ["motorCount"]], (r) => r.motorCodes.length <= r.motorCount, MSG_NER_MOTOR_CODES),
    ["motorCodes"],
  ),
);

/**
 * Terminal info (openapi NerTerminalInfoEdit). Whether the serial or the card is another
 * vehicle's is the server's to say (it sees every tenant); a card new to the register must
 * be in China's 8986 range ({@link nerNewIccidProblem}).
 */
export const NerTerminalInfoEditSchema = v.strictObject(
  {
    vin: vinField,
    tboxModel: text(1, 50),
    tboxSn: text(1, 32, { re: /^[A-Za-z0-9-]+$/u, msg: MSG_NER_TBOX_SN }),
    manufacturer: text(1, 100),
    iccid: text(1, 50, { re: /^[0-9A-Fa-f]+$/u, msg: MSG_NER_ICCID }),
    msisdn: v.nullable(text(1, 50, { re: /^[0-9+]+$/u, msg: MSG_NER_MSISDN })),
    imei: v.nullable(text(0, 15, { re: /^\d{15}$/u, msg: MSG_NER_IMEI })),
    firmwareVersion: v.nullable(text(0, 32)),
    hardwareVersion: v.nullable(text(0, 32)),
    protocol: v.picklist(NER_TERMINAL_PROTOCOLS, msgNerOneOf(NER_TERMINAL_PROTOCOLS)),
    updateTime,
  },
  recordMessage("terminalInfo"),
);

/** Each group's Edit schema by name. */
export const NER_EDIT_SCHEMAS = {
  vehicleInfo: NerVehicleInfoEditSchema,
  batteryInfo: NerBatteryInfoEditSchema,
  driveInfo: NerDriveInfoEditSchema,
  terminalInfo: NerTerminalInfoEditSchema,
} as const;

/** A group's edit as its schema gives it (what the form submits and one import row holds). */
export type NerEdit<G extends NerGroup> = v.InferOutput<(typeof NER_EDIT_SCHEMAS)[G]>;
export type NerVehicleInfoEdit = NerEdit<"vehicleInfo">;
export type NerBatteryInfoEdit = NerEdit<"batteryInfo">;
export type NerDriveInfoEdit = NerEdit<"driveInfo">;
export type NerTerminalInfoEdit = NerEdit<"terminalInfo">;

/** The Edit schema of a group (the console's FormDialog takes it as `schema`). */
export function nerEditSchema<G extends NerGroup>(group: G): (typeof NER_EDIT_SCHEMAS)[G] {
  return NER_EDIT_SCHEMAS[group];
}

/** One reason an edit is refused, on the field a form marks (`""`: the record as a whole). */
export interface NerEditProblem {
  field: string;
  msg: string;
}

/**
 * Checks a group's edit: every field, then the rules between them. Answers the edit, or each
 * reason with its field (the first is the answer's message; an import row shows it). Never
 * throws on bad input.
 */
export function checkNerEdit<G extends NerGroup>(group: G, input: unknown): Result<NerEdit<G>, NerEditProblem[]> {
  const parsed = v.safeParse(NER_EDIT_SCHEMAS[group], input);
  if (parsed.success) return ok(parsed.output as NerEdit<G>);
  return err(parsed.issues.map((issue) => ({ field: String(issue.path?.[0]?.key ?? ""), msg: issue.message })));
}

/**
 * Why the ICCID of a terminal record cannot become a new card of the register, or null: a
 * card the register does not hold yet must be in China's 8986 range with a known issuer (the
 * carrier is read from it). The server asks only for an ICCID it does not know.
 */
export function nerNewIccidProblem(iccid: string): string | null {
  return carrierOfIccid(iccid) === null ? MSG_SIM_ICCID_NOT_CHINA : null;
}

/**
 * What an edit form starts from: the group's editable fields of a stored record (openapi
 * Ner<Group>Info, or null when the group was never filled) and its `updateTime` to send
 * back (null: "the group was empty when I read it"). A field the record lacks starts empty.
 */
export function nerEditOf<G extends NerGroup>(
  group: G,
  vin: string,
  record: ({ updateTime: number } & Readonly<Record<string, unknown>>) | null,
): NerEdit<G> {
  const out: Record<string, unknown> = { vin };
  for (const field of Object.keys(NER_FIELD_LABELS[group])) out[field] = record?.[field] ?? null;
  out.updateTime = record?.updateTime ?? null;
  // The form's draft: the schema checks it before anything is sent.
  return out as NerEdit<G>;
}
