/**
 * One rejected row of an import (spec §3: rows with vin and reason; `row` is the sheet row,
 * header = 1, as openapi's ImportResult names it). `data` may carry the row's cells by header;
 * without it the dialog copies the row from the uploaded file (see failedRowsSheet).
 */
export interface ImportRowResult {
  row?: number;
  vin: string;
  /** The row's key when it has no VIN (e.g. 公告型号 of a model import). */
  key?: string;
  reason: string;
  data?: Record<string, string | number | boolean | null>;
}

/** Spec §3 import validation result: all, success, failed counts plus the rejected rows. */
export interface ImportReport {
  all: number;
  success: number;
  failed: number;
  rows: ImportRowResult[];
}

/** How the import dialog calls an import: the 允许覆盖 choice and, for an import run as a task, its progress. */
export interface ImportOptions {
  allowCover: boolean;
  /** Rows checked so far and the file's total when known (an import run as a task calls it while polling). */
  onProgress?: (done: number, total: number | null) => void;
}
