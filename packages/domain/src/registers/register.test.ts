import { describe, expect, it } from "vitest";
import { creditCodeCheckChar } from "../ner/creditCode";
import {
  checkRegisterRow,
  creditCodeProblem,
  emptyRegisterRow,
  MSG_CREDIT_CODE_CHECK,
  MSG_CREDIT_CODE_FORMAT,
  MSG_PHONE,
  MSG_REGISTER_NOT_A_ROW,
  msgRegisterChoice,
  msgRegisterDuplicateInFile,
  msgRegisterExists,
  msgRegisterNotFound,
  msgRegisterNumber,
  msgRegisterStale,
  parseRegisterChoice,
  type RegisterDef,
  type RegisterField,
  registerFieldHint,
  registerKey,
  registerProblemText,
  registerSchema,
} from "./register";

const code: RegisterField = { key: "code", label: "编码", kind: "code", required: true, maxLength: 8 };
const name: RegisterField = { key: "name", label: "名称", kind: "text", required: true };
const level: RegisterField = {
  key: "level",
  label: "等级",
  kind: "choice",
  required: false,
  choices: { a: "甲", b: "乙" },
};
const count: RegisterField = { key: "count", label: "数量", kind: "integer", required: false, min: 1, max: 10 };
const rate: RegisterField = { key: "rate", label: "比率", kind: "decimal", required: false, min: 0.5, max: 99.5 };
const weight: RegisterField = { key: "weight", label: "重量", kind: "decimal", required: false };
const credit: RegisterField = { key: "credit", label: "信用代码", kind: "creditCode", required: false };
const tel: RegisterField = { key: "tel", label: "电话", kind: "phone", required: false, hint: "填联系人的电话" };

const SAMPLE: RegisterDef = {
  name: "sample",
  title: "样例登记簿",
  noun: "样例项",
  fields: [code, name, level, count, rate, weight, credit, tel],
  searchable: ["code", "name"],
  nameField: "name",
  example: { code: "EX-1", name: "示例" },
};

const EVEN_MSG = "数量应为偶数";
const RULED: RegisterDef = {
  ...SAMPLE,
  name: "ruled",
  fields: [code, { ...count, required: true }],
  rules: (row) => (typeof row.count === "number" && row.count % 2 === 1 ? [{ field: "count", msg: EVEN_MSG }] : []),
};

const EMPTY: RegisterDef = { ...SAMPLE, name: "empty", fields: [] };

const base17 = "91110108MA01ABCD1";
const validCredit = base17 + (creditCodeCheckChar(base17) ?? "");
const wrongCredit = base17 + (validCredit.endsWith("0") ? "1" : "0");

const minimal = { code: "A-1", name: "样例" };

function problems(def: RegisterDef, input: unknown) {
  const r = checkRegisterRow(def, input);
  if (r.ok) throw new Error(`expected refusal, got ${JSON.stringify(r.value)}`);
  return r.error;
}

describe("register messages", () => {
  it("names the label, bounds, kind and choices", () => {
    expect(msgRegisterChoice(level)).toBe("等级应为甲、乙之一");
    expect(msgRegisterNumber(count)).toBe("数量应为1至10之间的整数");
    expect(msgRegisterNumber(rate)).toBe("比率应为0.5至99.5之间的数（最多两位小数）");
    expect(msgRegisterStale(SAMPLE)).toBe("该样例项已被他人修改，请刷新后重新编辑");
    expect(msgRegisterNotFound(SAMPLE)).toBe("样例项不存在");
    expect(msgRegisterExists(SAMPLE, "A-1")).toBe("编码A-1已存在");
    expect(msgRegisterDuplicateInFile(SAMPLE)).toBe("文件中编码重复");
  });

  it("falls back when a field has no choices or a register no fields", () => {
    expect(msgRegisterChoice({ key: "x", label: "类别", kind: "choice", required: true })).toBe("类别应为之一");
    expect(msgRegisterExists(EMPTY, "A-1")).toBe("A-1已存在");
    expect(msgRegisterDuplicateInFile(EMPTY)).toBe("文件中重复");
  });

  it("joins distinct problem texts with a Chinese semicolon", () => {
    expect(
      registerProblemText([
        { field: "a", msg: "甲错" },
        { field: "b", msg: "乙错" },
        { field: "c", msg: "甲错" },
      ]),
    ).toBe("甲错；乙错");
    expect(registerProblemText([])).toBe("");
  });
});

describe("creditCodeProblem", () => {
  it("refuses the wrong alphabet or length, then a wrong check character", () => {
    expect(creditCodeProblem(validCredit)).toBeNull();
    expect(creditCodeProblem(wrongCredit)).toBe(MSG_CREDIT_CODE_CHECK);
    expect(creditCodeProblem(`${base17.slice(0, 16)}I${validCredit.at(-1)}`)).toBe(MSG_CREDIT_CODE_FORMAT);
    expect(creditCodeProblem(base17)).toBe(MSG_CREDIT_CODE_FORMAT);
  });
});

describe("checkRegisterRow", () => {
  it("takes a minimal row: trims text, optional fields missing or blank become null", () => {
    expect(checkRegisterRow(SAMPLE, { code: " A-1 ", name: "  样例 ", level: "", count: null, tel: "   " })).toEqual({
      ok: true,
      value: { code: "A-1", name: "样例", level: null, count: null, rate: null, weight: null, credit: null, tel: null },
    });
  });

  it("takes a full row with every kind", () => {
    const row = {
      code: "a_b./-1",
      name: "名",
      level: "b",
      count: 10,
      rate: 12.25,
      weight: 1e9,
      credit: validCredit,
      tel: "13912345678",
    };
    expect(checkRegisterRow(SAMPLE, row)).toEqual({ ok: true, value: row });
  });

  it("refuses a non-object with the row message on the key field", () => {
    expect(problems(SAMPLE, null)).toEqual([{ field: "code", msg: MSG_REGISTER_NOT_A_ROW }]);
    expect(problems(SAMPLE, "A-1")).toEqual([{ field: "code", msg: MSG_REGISTER_NOT_A_ROW }]);
    expect(problems(EMPTY, 42)).toEqual([{ field: "", msg: MSG_REGISTER_NOT_A_ROW }]);
    expect(checkRegisterRow(EMPTY, {})).toEqual({ ok: true, value: {} });
  });

  it("asks for each missing or blank required field by its label", () => {
    expect(problems(SAMPLE, {})).toEqual([
      { field: "code", msg: "请输入编码" },
      { field: "name", msg: "请输入名称" },
    ]);
    expect(problems(SAMPLE, { code: "  ", name: null })).toEqual([
      { field: "code", msg: "请输入编码" },
      { field: "name", msg: "请输入名称" },
    ]);
    expect(problems(SAMPLE, { code: 5, name: "样例" })).toEqual([{ field: "code", msg: "请输入编码" }]);
  });

  it("checks codes and text lengths", () => {
    expect(problems(SAMPLE, { ...minimal, code: "a b" })).toEqual([
      { field: "code", msg: "编码只能包含字母、数字和- _ . /" },
    ]);
    expect(problems(SAMPLE, { ...minimal, code: "-A" })).toEqual([
      { field: "code", msg: "编码只能包含字母、数字和- _ . /" },
    ]);
    expect(problems(SAMPLE, { ...minimal, code: "ABCDEFGHI" })).toEqual([
      { field: "code", msg: "编码不能超过8个字符" },
    ]);
    expect(checkRegisterRow(SAMPLE, { ...minimal, code: "ABCDEFGH" }).ok).toBe(true);
    expect(checkRegisterRow(SAMPLE, { ...minimal, name: "名".repeat(50) }).ok).toBe(true);
    expect(problems(SAMPLE, { ...minimal, name: "名".repeat(51) })).toEqual([
      { field: "name", msg: "名称不能超过50个字符" },
    ]);
  });

  it("takes a choice only by its code", () => {
    expect(problems(SAMPLE, { ...minimal, level: "甲" })).toEqual([{ field: "level", msg: "等级应为甲、乙之一" }]);
    const bare: RegisterDef = { ...SAMPLE, fields: [{ key: "kind", label: "类别", kind: "choice", required: true }] };
    expect(problems(bare, { kind: "a" })).toEqual([{ field: "kind", msg: "类别应为之一" }]);
  });

  it("keeps integers whole and within bounds", () => {
    const msg = "数量应为1至10之间的整数";
    for (const c of [0, 11, 2.5, "3"])
      expect(problems(SAMPLE, { ...minimal, count: c }), String(c)).toEqual([{ field: "count", msg }]);
    for (const c of [1, 10]) expect(checkRegisterRow(SAMPLE, { ...minimal, count: c }).ok, String(c)).toBe(true);
  });

  it("keeps decimals to two places and within bounds (no upper bound when none is declared)", () => {
    const msg = "比率应为0.5至99.5之间的数（最多两位小数）";
    for (const r of [0.49, 99.51, 1.005, "1"])
      expect(problems(SAMPLE, { ...minimal, rate: r }), String(r)).toEqual([{ field: "rate", msg }]);
    for (const r of [0.5, 99.5, 0.57, 1.1])
      expect(checkRegisterRow(SAMPLE, { ...minimal, rate: r }).ok, String(r)).toBe(true);
    expect(checkRegisterRow(SAMPLE, { ...minimal, weight: 0 }).ok).toBe(true);
    expect(checkRegisterRow(SAMPLE, { ...minimal, weight: Number.MAX_SAFE_INTEGER }).ok).toBe(true);
    expect(problems(SAMPLE, { ...minimal, weight: -0.01 })).toEqual([
      { field: "weight", msg: msgRegisterNumber(weight) },
    ]);
    expect(problems(SAMPLE, { ...minimal, weight: Number.MAX_SAFE_INTEGER + 2 })).toEqual([
      { field: "weight", msg: msgRegisterNumber(weight) },
    ]);
  });

  it("checks credit codes (format, check character, 18 characters) and phones", () => {
    expect(problems(SAMPLE, { ...minimal, credit: wrongCredit })).toEqual([
      { field: "credit", msg: MSG_CREDIT_CODE_CHECK },
    ]);
    expect(problems(SAMPLE, { ...minimal, credit: validCredit.toLowerCase() })).toEqual([
      { field: "credit", msg: MSG_CREDIT_CODE_FORMAT },
    ]);
    // Both checks run on an over-long code: its length and its format.
    expect(problems(SAMPLE, { ...minimal, credit: `${validCredit}1` })).toEqual([
      { field: "credit", msg: "信用代码不能超过18个字符" },
      { field: "credit", msg: MSG_CREDIT_CODE_FORMAT },
    ]);
    expect(checkRegisterRow(SAMPLE, { ...minimal, credit: ` ${validCredit} ` })).toMatchObject({
      ok: true,
      value: { credit: validCredit },
    });
    for (const t of ["12812345678", "010123456", "010-123456", "138123456789"])
      expect(problems(SAMPLE, { ...minimal, tel: t }), t).toEqual([{ field: "tel", msg: MSG_PHONE }]);
    for (const t of ["13912345678", "010-12345678", "07551234567"])
      expect(checkRegisterRow(SAMPLE, { ...minimal, tel: t }).ok, t).toBe(true);
  });

  it("reports every field's problem at once", () => {
    expect(problems(SAMPLE, { code: "a b", name: "", level: "c", tel: "1" }).map((p) => p.field)).toEqual([
      "code",
      "name",
      "level",
      "tel",
    ]);
  });

  it("applies the rules between fields only to a row whose fields are each of their type", () => {
    expect(checkRegisterRow(RULED, { code: "A", count: 2 })).toEqual({ ok: true, value: { code: "A", count: 2 } });
    expect(problems(RULED, { code: "A", count: 3 })).toEqual([{ field: "count", msg: EVEN_MSG }]);
    // A count of the wrong type leaves the row untyped: the rule is not asked.
    expect(problems(RULED, { code: "A", count: "3" })).toEqual([{ field: "count", msg: "数量应为1至10之间的整数" }]);
  });

  it("builds a register's schema once", () => {
    expect(registerSchema(RULED)).toBe(registerSchema(RULED));
    expect(registerSchema(SAMPLE)).not.toBe(registerSchema(RULED));
  });
});

describe("register helpers", () => {
  it("reads a choice by code or Chinese label, null otherwise or without choices", () => {
    expect(parseRegisterChoice(level, "a")).toBe("a");
    expect(parseRegisterChoice(level, "乙")).toBe("b");
    expect(parseRegisterChoice(level, "丙")).toBeNull();
    expect(parseRegisterChoice(level, "toString")).toBeNull();
    expect(parseRegisterChoice({ key: "x", label: "类别", kind: "choice", required: true }, "a")).toBeNull();
  });

  it("writes each kind's template hint, with the field's own hint and 可不填 for optional fields", () => {
    expect(registerFieldHint(code)).toBe("字母、数字和- _ . /，最多8个字符");
    expect(registerFieldHint({ ...code, maxLength: undefined })).toBe("字母、数字和- _ . /，最多50个字符");
    expect(registerFieldHint(name)).toBe("最多50个字符");
    expect(registerFieldHint({ ...name, maxLength: 20 })).toBe("最多20个字符");
    expect(registerFieldHint(level)).toBe("取值：甲、乙；可不填");
    expect(registerFieldHint({ key: "x", label: "类别", kind: "choice", required: true })).toBe("取值：");
    expect(registerFieldHint({ ...count, required: true })).toBe("整数，1至10");
    expect(registerFieldHint(rate)).toBe("数字（最多两位小数），0.5至99.5；可不填");
    // Without declared bounds the hint (like msgRegisterNumber) falls back to 0 for both ends.
    expect(registerFieldHint({ ...count, min: undefined, max: undefined })).toBe("整数，0至0；可不填");
    expect(registerFieldHint(weight)).toBe("数字（最多两位小数），0至0；可不填");
    expect(registerFieldHint({ ...credit, required: true })).toBe("18位，末位为GB 32100校验位；请按文本填写");
    expect(registerFieldHint(tel)).toBe("11位手机号或带区号的固定电话；填联系人的电话；可不填");
  });

  it("names the key field and starts an empty row: null for numbers and choices, '' for text", () => {
    expect(registerKey(SAMPLE)).toBe(code);
    expect(emptyRegisterRow(SAMPLE)).toEqual({
      code: "",
      name: "",
      level: null,
      count: null,
      rate: null,
      weight: null,
      credit: "",
      tel: "",
    });
  });
});
