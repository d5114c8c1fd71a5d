import type { AppContext } from "../../context";
import type { CellType } from "./xlsxWriter";

/** One column of an export sheet. */
export interface ExportColumn {
  /** Header cell, Chinese as the console shows the column. */
  header: string;
  /** Property of each row object that fills the column. */
  key: string;
  width?: number;
  /**
   * `dateTime` / `date`: written as a real Excel date cell (shown `yyyy-mm-dd hh:mm:ss` /
   * `yyyy-mm-dd`) from epoch ms, a Date, or text `yyyy-MM-dd[ HH:mm:ss]` in China time;
   * anything else in the column stays text. Default `text`: values as given.
   */
  type?: CellType;
}

/** What the worker knows about the task it runs: its parameters and who asked. */
export interface ExportJob {
  taskId: string;
  accountId: number;
  /** The asking account's visible tenants, frozen at submission (tenant scoping). */
  tenantIds: readonly number[];
  params: Record<string, unknown>;
}

/** One worksheet of an export: its name, columns and rows. */
export interface ExportSheet {
  /** Sheet name (Chinese, at most 31 characters: an Excel limit). */
  title: string;
  columns: ExportColumn[];
  /** Row count when known up front; drives `progress`. */
  total?(job: ExportJob, ctx: AppContext): Promise<number>;
  /** Rows in batches (a batch per page of a keyset walk keeps memory flat). */
  rows(job: ExportJob, ctx: AppContext): AsyncIterable<Record<string, unknown>[]>;
}

/**
 * An export of several worksheets, written one after the other into one .xlsx (e.g. the
 * new-energy "export all": one sheet per master-data group). `title` starts the file name.
 */
export interface MultiSheetExporter {
  title: string;
  sheets: readonly ExportSheet[];
}

/**
 * An export whose file is not a workbook (机械原始照片库's .zip of photos): `write` makes the whole
 * file at the temporary path, reporting progress, and says how many items it holds.
 */
export interface FileExporter {
  title: string;
  /** The file's extension, without the dot (`zip`). */
  extension: string;
  write(
    job: ExportJob,
    ctx: AppContext,
    path: string,
    progress: (done: number, total: number) => Promise<void>,
  ): Promise<number>;
}

/**
 * A kind of export, registered by a service module (`ServiceModule.exporters`) under the
 * operationId of its export call. The worker streams the batches of each sheet into one
 * .xlsx (`xlsxWriter.ts`, with backpressure: the next batch is read when the last is written): a one-sheet export is an {@link ExportSheet} (its title names the sheet and starts
 * the file name); a {@link MultiSheetExporter} lists its sheets.
 */
export type Exporter = ExportSheet | MultiSheetExporter | FileExporter;

/** The worksheets of an export, in the order they are written (none for a file exporter). */
export function sheetsOf(exporter: Exporter): readonly ExportSheet[] {
  if ("write" in exporter) return [];
  return "sheets" in exporter ? exporter.sheets : [exporter];
}

/** The extension of an export's file. */
export function extensionOf(exporter: Exporter): string {
  return "write" in exporter ? exporter.extension : "xlsx";
}
