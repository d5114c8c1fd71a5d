import * as v from "valibot";
import { MSG_FILE_FORMAT_INCORRECT } from "./uploadMessages";
import { fileExtension } from "./uploadRules";

/** Import files are Excel workbooks only (platform-shell.md §5 "only xls or xlsx"). */
export const IMPORT_TYPES: readonly string[] = ["xls", "xlsx"];
/** Designed message when confirming the import dialog without a file (the spec quotes none). */
export const MSG_CHOOSE_IMPORT_FILE = "请选择要导入的文件";

/**
 * The import dialog's file rule (platform-shell.md §5, business-areas.md §5): exactly one
 * file, xls or xlsx; more than one or another type gives 选择的文件格式不正确，请重新上传.
 */
export function importFilesProblem(names: readonly string[]): string | null {
  if (names.length === 0) return MSG_CHOOSE_IMPORT_FILE;
  const [only] = names;
  if (names.length > 1 || !IMPORT_TYPES.includes(fileExtension(only as string))) return MSG_FILE_FORMAT_INCORRECT;
  return null;
}

/**
 * The import validation result (platform-shell.md §3 "all, success, failed counts plus rows
 * with vin and reason"), as a valibot schema so the console can check what it receives.
 */
export const ImportResultSchema = v.object({
  all: v.pipe(v.number(), v.integer(), v.minValue(0)),
  success: v.pipe(v.number(), v.integer(), v.minValue(0)),
  failed: v.pipe(v.number(), v.integer(), v.minValue(0)),
  rows: v.array(v.object({ vin: v.string(), reason: v.string() })),
});

/** An import validation result. */
export type ImportResult = v.InferOutput<typeof ImportResultSchema>;
