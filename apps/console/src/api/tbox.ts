import type { LoginLogQuery } from "@tsp/domain";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef, JournalPage } from "./types";

// The /tbox route group's calls: the login and logout journals (spec §2 "Vehicle login journal
// screen", §7) and the journal's VIN lookup.

/** Journal kind: the login log or its logout counterpart (spec §2, §7). */
export type JournalKind = "login" | "logout";

/** Query of a journal call (spec §3 "Login log query"), as @tsp/domain builds it. */
export type JournalQuery = LoginLogQuery;

/** One cursor page of the login or logout journal. */
export async function getJournalPage(
  kind: JournalKind,
  query: JournalQuery,
  pageSize: number,
  rowKey: string | undefined,
  signal?: AbortSignal,
): Promise<JournalPage> {
  const params = { query: { ...query, pageSize, ...(rowKey ? { rowKey } : {}) } };
  const init = signal ? { params, signal } : { params };
  const result =
    kind === "login"
      ? await sdk().GET("/tsp-hbase-proxy/vehicleLog/getLoginLog", init)
      : await sdk().GET("/tsp-hbase-proxy/vehicleLog/getLogoutLog", init);
  return dataOf(result);
}

/** Submits an export task of the journal (spec §7 .../export). */
export async function exportJournal(kind: JournalKind, query: JournalQuery): Promise<ExportTaskRef> {
  const init = { params: { query: { ...query } } };
  const result =
    kind === "login"
      ? await sdk().GET("/tsp-hbase-proxy/vehicleLog/getLoginLog/export", init)
      : await sdk().GET("/tsp-hbase-proxy/vehicleLog/getLogoutLog/export", init);
  return dataOf(result);
}

/**
 * The ICCID of the SIM bound to a vehicle in master data (the journal's VIN lookup through the
 * VIN picker's call, tsp-bss findVinListByDim), or null when the vehicle has none or is out of reach.
 */
export async function getBoundIccid(vin: string, signal?: AbortSignal): Promise<string | null> {
  const params = { query: { vin, pageNum: 1, pageSize: 10 } };
  const page = dataOf(
    await sdk().GET("/tsp-bss/v1/vehicle/findVinListByDim", signal ? { params, signal } : { params }),
  );
  return page.list.find((v) => v.vin === vin)?.iccid ?? null;
}
