import type { Kysely } from "kysely";
import type { AppContext } from "../../context";
import type { Database } from "../../db/schema";
import type { Principal } from "../principal";

/** One rejected row of an import (openapi ImportRowFailure). */
export interface ImportRowFailure {
  row: number;
  vin: string;
  key?: string;
  reason: string;
  data?: Record<string, string | number | boolean | null>;
}

/** The per-row report of a finished import (openapi ImportResult). */
export interface ImportReport {
  all: number;
  success: number;
  failed: number;
  rows: ImportRowFailure[];
}

/** What the worker knows about the import it runs: who uploaded, the file's name and the call's options. */
export interface ImportJob {
  taskId: string;
  /**
   * The uploading account as it was at submission (tenant scoping and the change logs' actor);
   * its permissions are not kept: the import call's own was checked when the file was accepted.
   */
  principal: Principal;
  fileName: string;
  options: Record<string, unknown>;
}

/**
 * A kind of import run as a task (`ImportQueue.register`, under the operationId of its upload
 * call): reads `file`, checks and saves it, calling `progress` after each batch with the data
 * rows handled so far (and the file's total when known), and answers the per-row report. An
 * `ApiError` it throws fails the task with that error's Chinese message. An importer that saves
 * in a transaction calls `finish` with it and the report as its last statement: the task is
 * then marked done in the same commit as the rows, so a server killed between the two can never
 * leave saved rows under a task said to have saved nothing (or the reverse).
 */
export type Importer = (
  job: ImportJob,
  ctx: AppContext,
  file: Buffer,
  progress: (done: number, total?: number) => Promise<void>,
  finish: (trx: Kysely<Database>, report: ImportReport) => Promise<void>,
) => Promise<ImportReport>;
