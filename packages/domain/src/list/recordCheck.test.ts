import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { checkRecord } from "./recordCheck";

const schema = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.minLength(1, "请输入名称"), v.maxLength(3, "名称过长")),
    size: v.pipe(v.number("请输入数字"), v.minValue(1, "至少为1")),
    nested: v.optional(v.object({ code: v.pipe(v.string(), v.length(2, "编码为2位")) })),
  }),
  v.check((r) => r.name !== "bad", "记录不可用"),
);

describe("checkRecord", () => {
  it("gives the value to save when the draft passes", () => {
    expect(checkRecord(schema, { name: "ab", size: 2 })).toEqual({ ok: true, value: { name: "ab", size: 2 } });
  });

  it("keeps the first message of each field, nested fields by their dotted path", () => {
    expect(checkRecord(schema, { name: "", size: 0, nested: { code: "x" } })).toEqual({
      ok: false,
      errors: { name: "请输入名称", size: "至少为1", "nested.code": "编码为2位" },
    });
    expect(checkRecord(schema, { name: "abcd", size: "x" })).toEqual({
      ok: false,
      errors: { name: "名称过长", size: "请输入数字" },
    });
  });

  it("keeps a message about the whole record under the empty key", () => {
    expect(checkRecord(schema, { name: "bad", size: 1 })).toEqual({ ok: false, errors: { "": "记录不可用" } });
  });
});
