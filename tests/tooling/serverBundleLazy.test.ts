import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lazyModule } from "../../scripts/build-server.mjs";

// The built server's stand-ins for exceljs, sanitize-html and SheetJS (scripts/build-server.mjs,
// issue 21): written where node_modules resolves as from the bundle, then imported as the bundle does.
const repo = path.resolve(import.meta.dirname, "../..");
const dir = path.join(repo, "node_modules/.cache", `tsp-lazy-test-${process.pid}`);
const files = { exceljs: "exceljs.mjs", "sanitize-html": "sanitize.mjs", "@e965/xlsx": "xlsx.mjs" } as const;
const url = (name: keyof typeof files) => pathToFileURL(path.join(dir, files[name])).href;

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  for (const [name, file] of Object.entries(files)) writeFileSync(path.join(dir, file), lazyModule(name));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the server bundle's lazily loaded packages", () => {
  it("loads the package on first use, not on import", () => {
    const script = `
      import { createRequire } from "node:module";
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes("/node_modules/exceljs/"));
      const { default: ExcelJS } = await import(${JSON.stringify(url("exceljs"))});
      const before = loaded();
      new ExcelJS.Workbook();
      console.log(JSON.stringify({ before, after: loaded() }));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: repo, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({ before: false, after: true });
  });

  it("behaves as the packages: a workbook written through the stand-ins is read back, HTML is sanitised", async () => {
    const { default: LazyExcel } = (await import(url("exceljs"))) as { default: typeof ExcelJS };
    const book = new LazyExcel.Workbook();
    expect(book).toBeInstanceOf(ExcelJS.Workbook);
    book.addWorksheet("车辆").addRow(["VIN", "里程"]);
    book.getWorksheet("车辆")?.addRow(["LGXCE4CB2S0000123", 12.5]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    expect(LazyExcel.ValueType.Date).toBe(ExcelJS.ValueType.Date);

    const XLSX = (await import(url("@e965/xlsx"))) as typeof import("@e965/xlsx");
    const sheet = XLSX.read(buffer, { type: "buffer" }).Sheets["车辆"];
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect(XLSX.utils.decode_range(sheet["!ref"] ?? "")).toEqual({ s: { r: 0, c: 0 }, e: { r: 1, c: 1 } });
    expect(XLSX.utils.sheet_to_json(sheet)).toEqual([{ VIN: "LGXCE4CB2S0000123", 里程: 12.5 }]);

    const { default: sanitize } = (await import(url("sanitize-html"))) as { default: typeof import("sanitize-html") };
    expect(sanitize('<p onclick="x()">好<script>alert(1)</script></p>', { allowedTags: ["p"] })).toBe("<p>好</p>");
    expect(sanitize.defaults.allowedTags).toContain("p");
  });
});
