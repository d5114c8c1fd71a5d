import * as v from "valibot";
import { isCreditCodeCheckValid } from "../ner/creditCode";
import { err, ok, type Result } from "../shared/result";

/**
 * A register (登记簿) of base information: a coded catalogue an operator maintains — gearbox
 * models, finance and lease organisations, economic engine-speed bands. One declaration of
 * its fields is the form's fields, the import template's columns and hints, the export's
 * columns and the checks the console and the server both apply; this file turns it into
 * the checks. Adding a register is adding one declaration (docs/architecture.md).
 */

/** How a field is written and checked. */
export type RegisterFieldKind =
  /** The register's key: letters, digits and - _ . / (an operator's code or a maker's model). */
  | "code"
  | "text"
  /** One of `choices` (stored as its code; an import also takes the Chinese label). */
  | "choice"
  | "integer"
  /** A number with up to two decimals. */
  | "decimal"
  /** GB 32100 unified social credit code (18 characters, the last a check character). */
  | "creditCode"
  /** A mainland mobile or landline number. */
  | "phone"
  /** A 17-character VIN or machinery PIN (ISO 3779 / ISO 10261 characters: digits, capitals but I, O, Q), upper-cased. */
  | "vin"
  /** A calendar date written yyyy-MM-dd. */
  | "date";

/** One field of a register. */
export interface RegisterField {
  key: string;
  /** Chinese label: the form's, the template's header, the export's. */
  label: string;
  kind: RegisterFieldKind;
  required: boolean;
  /** Longest text (text and code fields). */
  maxLength?: number;
  /** Bounds of a number field, inclusive. */
  min?: number;
  max?: number;
  /** Most decimals of a decimal field (2 when absent). */
  decimals?: number;
  /** Values of a choice field with their Chinese labels, in display order. */
  choices?: Readonly<Record<string, string>>;
  /** More of the template's 填写说明 than the kind and bounds say. */
  hint?: string;
  /** Shown in the list (the rest only in the detail). */
  listed?: boolean;
  /**
   * Set by the register's own calls (a filing's state and its reason), never by the form, an
   * edit or an import: listed, filtered, shown and exported, not in the schema or the template.
   */
  readOnly?: boolean;
}

/** One reason a row is refused, on the field the form marks. */
export interface RegisterProblem {
  field: string;
  msg: string;
}

/** A checked row: its fields by key (text trimmed, empty optional text as null). */
export type RegisterValues = Record<string, string | number | null>;

/** A register: its name (the route's last segment), title, fields and rules between fields. */
export interface RegisterDef {
  /** The route's last segment (/baseInfo/<name>) and the permission prefix. */
  name: string;
  /** The screen's title, the export's sheet name. */
  title: string;
  /** What one row is called in messages (变速箱型号). */
  noun: string;
  /** Fields in form and sheet order; the first is the key (unique per tenant, not edited). */
  fields: readonly RegisterField[];
  /** Fields the list's keyword searches (contains, case-insensitive). */
  searchable: readonly string[];
  /** The field naming a row in a picker and a delete question. */
  nameField: string;
  /** Rules between fields, on a row whose fields each passed. */
  rules?: (row: RegisterValues) => RegisterProblem[];
  /** The template's example row (an import refuses it unchanged). */
  example: Readonly<Record<string, string | number>>;
}

export const MSG_REGISTER_NOT_A_ROW = "数据格式不正确";
export const MSG_PHONE = "联系电话应为11位手机号或带区号的固定电话（如010-12345678）";
export const MSG_CREDIT_CODE_FORMAT = "统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）";
export const MSG_CREDIT_CODE_CHECK = "统一社会信用代码校验位不正确";
export const msgRegisterCode = (label: string) => `${label}只能包含字母、数字和- _ . /`;
export const msgRegisterRequired = (label: string) => `请输入${label}`;
export const msgRegisterTooLong = (label: string, max: number) => `${label}不能超过${max}个字符`;
export const msgRegisterChoice = (f: RegisterField) => `${f.label}应为${Object.values(f.choices ?? {}).join("、")}之一`;
/** "两" for the usual two decimals, else the digit (最多8位小数). */
const decimalsText = (f: RegisterField) => (f.decimals === undefined || f.decimals === 2 ? "两" : String(f.decimals));
export const msgRegisterNumber = (f: RegisterField) =>
  `${f.label}应为${f.min ?? 0}至${f.max ?? 0}之间的${f.kind === "integer" ? "整数" : `数（最多${decimalsText(f)}位小数）`}`;
/** 409 of an edit made on a copy someone else has changed since. */
export const msgRegisterStale = (d: RegisterDef) => `该${d.noun}已被他人修改，请刷新后重新编辑`;
/** A new row (or an import row without overwrite) whose key is already registered. */
export const msgRegisterExists = (d: RegisterDef, key: string) => `${d.fields[0]?.label ?? ""}${key}已存在`;
export const msgRegisterNotFound = (d: RegisterDef) => `${d.noun}不存在`;
export const msgRegisterDuplicateInFile = (d: RegisterDef) => `文件中${d.fields[0]?.label ?? ""}重复`;
/** A VIN-kind field that is not 17 digits or capitals other than I, O, Q. */
export const msgRegisterVin = (label: string) => `${label}应为17位数字或除I、O、Q以外的大写字母`;
/** A date field that is not a calendar date written yyyy-MM-dd. */
export const msgRegisterDate = (label: string) => `${label}应为yyyy-MM-dd格式的日期`;
export const MSG_REGISTER_EXAMPLE_ROW = "这是模板的示例行，请替换为实际数据后导入";

const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_./-]*$/u;
const CREDIT_RE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/u;
/** Mobile (1[3-9] and 9 digits) or landline with area code (0 + 2–3 digits, optional -, 7–8 digits). */
const PHONE_RE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/u;
const VIN_RE = /^[0-9A-HJ-NPR-Z]{17}$/u;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** Whether `s` is a calendar date written yyyy-MM-dd (2025-02-30 is not). */
export function isRegisterDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

/** The reason a unified social credit code is refused, or null. */
export function creditCodeProblem(code: string): string | null {
  if (!CREDIT_RE.test(code)) return MSG_CREDIT_CODE_FORMAT;
  return isCreditCodeCheckValid(code) ? null : MSG_CREDIT_CODE_CHECK;
}

/** The fields the form, an edit and an import write (every field but the read-only ones). */
export const writableFields = (def: RegisterDef): readonly RegisterField[] => def.fields.filter((f) => !f.readOnly);

/** The check of one field's value, given. */
function valueSchema(f: RegisterField): v.GenericSchema<unknown, string | number> {
  const required = msgRegisterRequired(f.label);
  switch (f.kind) {
    case "choice":
      return v.picklist(Object.keys(f.choices ?? {}), msgRegisterChoice(f));
    case "integer":
    case "decimal": {
      const msg = msgRegisterNumber(f);
      return v.pipe(
        v.number(msg),
        v.check(
          (n) =>
            f.kind === "integer"
              ? Number.isInteger(n)
              : f.decimals === undefined
                ? Math.abs(Math.round(n * 100) - n * 100) < 1e-6
                : Number(n.toFixed(f.decimals)) === n,
          msg,
        ),
        v.minValue(f.min ?? 0, msg),
        v.maxValue(f.max ?? Number.MAX_SAFE_INTEGER, msg),
      );
    }
    case "vin":
      return v.pipe(
        v.string(required),
        v.trim(),
        v.toUpperCase(),
        v.nonEmpty(required),
        v.regex(VIN_RE, msgRegisterVin(f.label)),
      );
    case "date":
      return v.pipe(
        v.string(required),
        v.trim(),
        v.nonEmpty(required),
        v.check(isRegisterDate, msgRegisterDate(f.label)),
      );
    default: {
      const max = f.kind === "creditCode" ? 18 : (f.maxLength ?? 50);
      return v.pipe(
        v.string(required),
        v.trim(),
        v.nonEmpty(required),
        v.maxLength(max, msgRegisterTooLong(f.label, max)),
        v.check((s) => f.kind !== "code" || CODE_RE.test(s), msgRegisterCode(f.label)),
        v.check((s) => f.kind !== "phone" || PHONE_RE.test(s), MSG_PHONE),
        v.check(
          (s) => f.kind !== "creditCode" || creditCodeProblem(s) === null,
          // Only asked when the check failed, so the code has a problem.
          (issue) => creditCodeProblem(String(issue.input)) as string,
        ),
      );
    }
  }
}

/** Whether a value is no value: absent, null, or blank text (a form's empty input, a sheet's empty cell). */
const isBlank = (x: unknown) => x === undefined || x === null || (typeof x === "string" && x.trim() === "");

/** The check of one field: an optional one takes no value as null; a required one names its label. */
function fieldSchema(f: RegisterField): v.GenericSchema<unknown, string | number | null> {
  const value = valueSchema(f);
  if (f.required)
    return v.pipe(
      v.unknown(),
      v.check((x) => !isBlank(x), msgRegisterRequired(f.label)),
      value,
    ) as v.GenericSchema<unknown, string | number>;
  // A missing key is no value too (a sheet without the optional column's cell).
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => (isBlank(x) ? null : x)),
      v.nullable(value),
    ),
    null,
  ) as v.GenericSchema<unknown, string | number | null>;
}

const schemas = new WeakMap<RegisterDef, v.GenericSchema<unknown, RegisterValues>>();

/**
 * The schema of a row of the register (the edit form's, one import row's): each field on its
 * own, then the register's rules between fields. A missing field names its label.
 */
export function registerSchema(def: RegisterDef): v.GenericSchema<unknown, RegisterValues> {
  const known = schemas.get(def);
  if (known) return known;
  const object = v.object(Object.fromEntries(writableFields(def).map((f) => [f.key, fieldSchema(f)])), (issue) => {
    const key = issue.path?.[0]?.key;
    const f = def.fields.find((x) => x.key === key);
    return f ? msgRegisterRequired(f.label) : MSG_REGISTER_NOT_A_ROW;
  }) as unknown as v.GenericSchema<unknown, RegisterValues>;
  const schema = v.pipe(
    object,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || !def.rules) return;
      for (const p of def.rules(dataset.value))
        addIssue({
          message: p.msg,
          path: [
            { type: "object", origin: "value", input: dataset.value, key: p.field, value: dataset.value[p.field] },
          ],
        });
    }),
  ) as v.GenericSchema<unknown, RegisterValues>;
  schemas.set(def, schema);
  return schema;
}

/**
 * Checks a row as the edit form and an import row submit it: answers the row, or every reason
 * with its field (the form marks each one; an import joins them). Never throws on bad input.
 */
export function checkRegisterRow(def: RegisterDef, input: unknown): Result<RegisterValues, RegisterProblem[]> {
  const parsed = v.safeParse(registerSchema(def), input);
  if (parsed.success) return ok(parsed.output);
  return err(
    parsed.issues.map((issue) => ({
      field: String(issue.path?.[0]?.key ?? def.fields[0]?.key ?? ""),
      msg: issue.message,
    })),
  );
}

/** The reason of an import row: every problem, joined (the per-row report shows one text). */
export function registerProblemText(problems: readonly RegisterProblem[]): string {
  return [...new Set(problems.map((p) => p.msg))].join("；");
}

/** A choice as stored from what an operator wrote: its code, or the code of its Chinese label. */
export function parseRegisterChoice(f: RegisterField, text: string): string | null {
  const choices = f.choices ?? {};
  if (Object.hasOwn(choices, text)) return text;
  return Object.entries(choices).find(([, label]) => label === text)?.[0] ?? null;
}

/** How to fill a field, for the template's 填写说明 sheet (from its kind and bounds). */
export function registerFieldHint(f: RegisterField): string {
  const parts: string[] = [];
  if (f.kind === "code") parts.push(`字母、数字和- _ . /，最多${f.maxLength ?? 50}个字符`);
  if (f.kind === "text") parts.push(`最多${f.maxLength ?? 50}个字符`);
  if (f.kind === "choice") parts.push(`取值：${Object.values(f.choices ?? {}).join("、")}`);
  if (f.kind === "integer") parts.push(`整数，${f.min ?? 0}至${f.max ?? 0}`);
  if (f.kind === "decimal") parts.push(`数字（最多${decimalsText(f)}位小数），${f.min ?? 0}至${f.max ?? 0}`);
  if (f.kind === "creditCode") parts.push("18位，末位为GB 32100校验位；请按文本填写");
  if (f.kind === "phone") parts.push("11位手机号或带区号的固定电话");
  if (f.kind === "vin") parts.push("17位数字或除I、O、Q以外的大写字母");
  if (f.kind === "date") parts.push("日期，格式yyyy-MM-dd，如2025-03-15；请按文本填写");
  if (f.hint) parts.push(f.hint);
  if (!f.required) parts.push("可不填");
  return parts.join("；");
}

/** The key field of a register. */
export const registerKey = (def: RegisterDef): RegisterField => def.fields[0] as RegisterField;

/** A row with every field empty (the create form starts from it): null, or "" for text the form types into. */
export function emptyRegisterRow(def: RegisterDef): Record<string, string | number | null> {
  return Object.fromEntries(
    writableFields(def).map((f) => [
      f.key,
      f.kind === "integer" || f.kind === "decimal" || f.kind === "choice" ? null : "",
    ]),
  );
}
