import {
  checkNerEdit,
  MSG_NER_CREDIT_CHECK,
  MSG_NER_CREDIT_NAME_REQUIRED,
  MSG_NER_MOTOR_CODES,
  MSG_NER_PACK_CODES,
  MSG_NER_PEAK_POWER,
  NER_FIELD_LABELS,
  NER_GROUPS,
  type NerGroup,
} from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { editFieldSchemas, editProblem } from "./editSchemas";
import { GROUPS } from "./groups";

/**
 * @tsp/domain's Edit schemas (what the console's forms check) against openapi/'s
 * Ner<Group>InfoEdit (what the router's ajv checks): the same fields, and for every field
 * the same verdict on a spread of values at and around every limit of the contract. The
 * domain's rules between fields (and the credit code's check character, which no JSON
 * schema can say) are left out of the comparison: they are the second check.
 */
const RULES = new Set([
  MSG_NER_CREDIT_CHECK,
  MSG_NER_CREDIT_NAME_REQUIRED,
  MSG_NER_PACK_CODES,
  MSG_NER_PEAK_POWER,
  MSG_NER_MOTOR_CODES,
]);

/** Each group's template example row (it passes both) as an edit. */
function example(group: NerGroup): Record<string, unknown> {
  const edit: Record<string, unknown> = { vin: "LGXCE4CB2S0000123" };
  for (const f of GROUPS[group].fields) {
    edit[f.field] = f.kind === "list" ? String(f.example).split(",") : f.example;
  }
  return edit;
}

const repeat = (s: string, n: number) => s.repeat(n);
const PROBES: unknown[] = [
  null,
  true,
  {},
  "",
  ...[1, 7, 8, 14, 15, 16, 17, 18, 19, 31, 32, 33, 49, 50, 51, 99, 100, 101, 199, 200, 201].map((n) => repeat("A", n)),
  repeat("用", 50),
  repeat("用", 51),
  repeat("🚗", 50),
  repeat("🚗", 51),
  "粤BD12345",
  "粤B12345",
  "粤B1234",
  "粤b12345",
  "粤BD123456",
  "2024-02-29",
  "2025-02-29",
  "1900-02-29",
  "2025-04-31",
  "2025-13-01",
  "2025-1-01",
  "LGXCE4CB2S0000123",
  "LGXCE4CB2S000012I",
  "lgxce4cb2s0000123",
  "91440300192317458F",
  "91440300192317459F",
  "9144030019231745IF",
  "89860324472012345675",
  "8986G",
  "898603244720123456ab",
  "1440312345678",
  "+8613800138000",
  "1440-312",
  "860000000000001",
  "86000000000000",
  "8600000000000012",
  "GB/T 32960-2016",
  "GB/T 32960-2025",
  "磷酸铁锂",
  "铅酸",
  "TBOX-1",
  "SN 1",
  -1,
  0,
  0.5,
  1,
  1.5,
  7,
  8,
  9,
  249,
  250,
  251,
  1499.9,
  1500,
  1500.1,
  1999,
  2000,
  2000.1,
  4999,
  5000,
  5001,
  19999,
  20000,
  20001,
  29999,
  30000,
  30001,
  1741912205000,
  -1741912205000,
  [],
  ["A"],
  [""],
  [repeat("A", 50)],
  [repeat("A", 51)],
  [1],
  Array.from({ length: 8 }, (_, i) => `M${i}`),
  Array.from({ length: 9 }, (_, i) => `M${i}`),
  Array.from({ length: 250 }, (_, i) => `P${i}`),
  Array.from({ length: 251 }, (_, i) => `P${i}`),
];

/** Whether the domain accepts the edit's fields (its rules between fields aside). */
function domainAccepts(group: NerGroup, edit: Record<string, unknown>): boolean {
  const checked = checkNerEdit(group, edit);
  return checked.ok || checked.error.every((p) => RULES.has(p.msg));
}

describe("the domain's Edit schemas are openapi's", () => {
  it.each(NER_GROUPS)("%s: the same fields", (group) => {
    expect(Object.keys(editFieldSchemas(group)).toSorted()).toEqual(
      ["vin", "updateTime", ...Object.keys(NER_FIELD_LABELS[group])].toSorted(),
    );
    expect(GROUPS[group].fields.map((f) => f.field)).toEqual(Object.keys(NER_FIELD_LABELS[group]));
  });

  it.each(NER_GROUPS)("%s: the same verdict on every probe of every field", (group) => {
    const base = example(group);
    expect(editProblem(group, base)).toBeNull();
    expect(checkNerEdit(group, base).ok).toBe(true);
    const disagreements: string[] = [];
    for (const field of Object.keys(editFieldSchemas(group))) {
      for (const probe of PROBES) {
        const edit = { ...base, [field]: probe };
        const ajv = editProblem(group, edit) === null;
        if (ajv !== domainAccepts(group, edit))
          disagreements.push(`${field} = ${JSON.stringify(probe)}: openapi ${ajv ? "accepts" : "refuses"}`);
      }
      const { [field]: _dropped, ...without } = base;
      if ((editProblem(group, without) === null) !== domainAccepts(group, without))
        disagreements.push(`${field} missing`);
    }
    const extra = { ...base, colour: "白色" };
    if ((editProblem(group, extra) === null) !== domainAccepts(group, extra)) disagreements.push("an unknown field");
    expect(disagreements).toEqual([]);
  });
});
