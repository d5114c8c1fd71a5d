/**
 * Shapes of the answers the console reads, as openapi/ defines them (comm-inc-center.yaml,
 * tsp-hbase-proxy.yaml). Kept beside the calls so a screen imports one module; `calls.ts` returns
 * the generated answer types as these, so the compiler proves they still agree with the contract.
 */

/** Spec §3 "User info": menu paths and button permissions of the signed-in account. */
export interface Permissions {
  menuApis: string[];
  buttonApis: string[];
}

/** The signed-in account (myInfo). */
export interface MyInfo {
  userId: number;
  username: string;
  realName: string;
  tenantName: string;
  orgName: string;
  roles: { roleId: number; roleName: string }[];
  lastLoginAt?: number | null;
}

/** Spec §3 "Login log row". */
export interface JournalRow {
  vin: string;
  time: number;
  content: string;
}

/** One cursor page of a journal. */
export interface JournalPage {
  list: JournalRow[];
  nextKey?: string | null;
}

/** Status of an export task. */
export type ExportStatus = "queued" | "running" | "done" | "failed";

/** One export task of the export file list. */
export interface ExportTask {
  id: string;
  name: string;
  operation: string;
  status: ExportStatus;
  progress: number;
  rowCount: number | null;
  size: number | null;
  createdAt: number;
  finishedAt: number | null;
  expiresAt: number | null;
  failReason: string | null;
}

/** A numbered page. */
export interface NumberedPage<T> {
  list: T[];
  total: number;
}

/** The home overview (designed call getHomeOverview). */
export interface HomeOverview {
  vehicleCount: number;
  terminalCount: number;
  simCardCount: number;
  journalActivity: { date: string; logins: number; logouts: number }[];
  latestExports: ExportTask[];
}

/** What an export call answers. */
export interface ExportTaskRef {
  taskId: string;
  name: string;
}
