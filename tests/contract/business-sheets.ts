import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import { type Answer, call, operation } from "./support/contract";

/** An .xlsx with a header row and data rows, as an operator fills an import template. */
export async function xlsxOf(headers: readonly string[], rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("导入");
  sheet.addRow([...headers]);
  for (const r of rows) sheet.addRow([...r]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Reads an .xlsx back: the first sheet's rows as arrays of cell values (row 1 is the header). */
export async function sheetRows(bytes: ArrayBuffer | Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const out: unknown[][] = [];
  sheet?.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1));
  });
  return out;
}

/**
 * POSTs one file as multipart field `file` (the import dialog's upload) through @tsp/sdk and
 * checks the answer against openapi/. `path` must be the operation's own path (kept so each
 * call site says which endpoint it exercises).
 */
export async function postFile(
  base: string,
  operationId: string,
  path: string,
  file: { name: string; bytes: Buffer | Uint8Array; type?: string },
  token: string | undefined,
  query: Record<string, string> = {},
): Promise<{ status: number; body: Answer }> {
  if (operation(operationId).path !== path) throw new Error(`${operationId} is not at ${path}`);
  const form = new FormData();
  form.append(
    "file",
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }),
    file.name,
  );
  const { status, body } = await call(base, operationId, {
    multipart: form,
    query,
    ...(token ? { token } : {}),
  });
  return { status, body };
}

/**
 * A legacy Excel 97-2003 workbook (.xls: BIFF8 in an OLE2 container) with a header row and data
 * rows, written by SheetJS CE as Excel saves one; dates become date-formatted number cells.
 */
export function xlsOf(headers: readonly string[], rows: readonly (readonly unknown[])[]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([[...headers], ...rows.map((r) => [...r])], { cellDates: true });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "导入");
  return XLSX.write(book, { type: "buffer", bookType: "biff8" }) as Buffer;
}

/** An import task as getImportTask answers it (openapi comm-inc-center ImportTask). */
export interface ImportTaskAnswer {
  id: string;
  status: "queued" | "running" | "done" | "failed";
  rowsDone: number;
  rowsTotal: number | null;
  failReason: string | null;
  report: { all: number; success: number; failed: number; rows: Record<string, unknown>[] } | null;
}

/** Polls getImportTask until the task is done or failed (checking every answer against openapi/). */
export async function awaitImportTask(base: string, taskId: string, token: string): Promise<ImportTaskAnswer> {
  for (let i = 0; i < 3000; i++) {
    const { status, body } = await call(base, "getImportTask", { path: { id: taskId }, token });
    if (status !== 200) throw new Error(`getImportTask answered ${status}: ${JSON.stringify(body)}`);
    const task = body.data as ImportTaskAnswer;
    if (task.status === "done" || task.status === "failed") return task;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`import task ${taskId} did not end`);
}

/**
 * Uploads a file to an import that runs as a task (issue 21) and waits for the task: the
 * upload's answer (`status`, `body`: 200 with the task, or the refusal of the file) and, when
 * accepted, the ended task with its per-row report.
 */
export async function importAndWait(
  base: string,
  operationId: string,
  path: string,
  file: { name: string; bytes: Buffer | Uint8Array; type?: string },
  token: string,
): Promise<{ status: number; body: Answer; task: ImportTaskAnswer | null }> {
  const { status, body } = await postFile(base, operationId, path, file, token);
  if (status !== 200) return { status, body, task: null };
  const taskId = (body.data as { taskId: string }).taskId;
  return { status, body, task: await awaitImportTask(base, taskId, token) };
}
