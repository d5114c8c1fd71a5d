/**
 * One rejected row of an import (spec §3: rows with vin and reason). `rowNo` is the sheet row
 * (header = 1); `data` holds the row's original cells by template header so the failed rows can
 * be downloaded, fixed and imported again (designed: the spec shows only vin and reason).
 */
export interface ImportRowResult {
  rowNo?: number;
  vin: string;
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
