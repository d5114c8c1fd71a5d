import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ImportResultSchema, importFilesProblem, MSG_CHOOSE_IMPORT_FILE } from "./importRules";

describe("import dialog: only xls or xlsx, one file only (§5)", () => {
  it("one xls or xlsx passes", () => {
    expect(importFilesProblem(["vehicles.xlsx"])).toBeNull();
    expect(importFilesProblem(["VEHICLES.XLS"])).toBeNull();
  });
  it("another type or a second file gives the format message", () => {
    expect(importFilesProblem(["vehicles.csv"])).toBe("选择的文件格式不正确，请重新上传");
    expect(importFilesProblem(["a.xlsx", "b.xlsx"])).toBe("选择的文件格式不正确，请重新上传");
  });
  it("no file asks for one", () => {
    expect(importFilesProblem([])).toBe(MSG_CHOOSE_IMPORT_FILE);
  });
  it("the validation result has all, success, failed and rows of vin and reason", () => {
    const result = { all: 3, success: 2, failed: 1, rows: [{ vin: "LSVAU2180N2183294", reason: "VIN重复" }] };
    expect(v.parse(ImportResultSchema, result)).toEqual(result);
    expect(v.safeParse(ImportResultSchema, { ...result, failed: -1 }).success).toBe(false);
  });
});
