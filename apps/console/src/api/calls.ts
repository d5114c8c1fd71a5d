import type { LoginLogQuery } from "@tsp/domain";
import { createEncryptor, exchangeCode, signOut as sdkSignOut } from "@tsp/sdk";
import { sdk } from "./sdk";
import type { ExportTask, ExportTaskRef, HomeOverview, JournalPage, MyInfo, NumberedPage, Permissions } from "./types";

/**
 * Every call the console makes, one function each, all through the SDK client. Paths are the
 * contract's (openapi/); the answers' `data` is returned, failures reject with the SDK's
 * typed errors (already toasted by the shell's hooks unless cancelled or 404).
 */

async function get<T>(path: string, query?: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  const result = await sdk().raw("GET", path, { params: query ? { query } : {}, ...(signal ? { signal } : {}) });
  return (result.data as { data: T }).data;
}

/** Journal kind: the login log or its logout counterpart (spec §2, §7). */
export type JournalKind = "login" | "logout";

const journalPath: Record<JournalKind, string> = {
  login: "/tsp-hbase-proxy/vehicleLog/getLoginLog",
  logout: "/tsp-hbase-proxy/vehicleLog/getLogoutLog",
};

/** Query of a journal call (spec §3 "Login log query"), as @tsp/domain builds it. */
export type JournalQuery = LoginLogQuery;

/** One cursor page of the login or logout journal. */
export function getJournalPage(
  kind: JournalKind,
  query: JournalQuery,
  pageSize: number,
  rowKey: string | undefined,
  signal?: AbortSignal,
): Promise<JournalPage> {
  return get<JournalPage>(journalPath[kind], { ...query, pageSize, ...(rowKey ? { rowKey } : {}) }, signal);
}

/** Submits an export task of the journal (spec §7 .../export). */
export function exportJournal(kind: JournalKind, query: JournalQuery): Promise<ExportTaskRef> {
  return get<ExportTaskRef>(`${journalPath[kind]}/export`, { ...query });
}

/** The permission call (designed: GET /comm-inc-center/v1/web/home/user/permissions). */
export function getPermissions(): Promise<Permissions> {
  return get<Permissions>("/comm-inc-center/v1/web/home/user/permissions");
}

/** The signed-in account (spec §7 myInfo). */
export function getMyInfo(): Promise<MyInfo> {
  return get<MyInfo>("/comm-inc-center/v1/web/home/user/myInfo");
}

/** The home overview (designed). */
export function getHomeOverview(): Promise<HomeOverview> {
  return get<HomeOverview>("/comm-inc-center/v1/web/home/overview");
}

/** One numbered page of the account's export tasks (designed). */
export function getExportFiles(
  pageNum: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<NumberedPage<ExportTask>> {
  return get<NumberedPage<ExportTask>>("/comm-inc-center/v1/web/exportFile/list", { pageNum, pageSize }, signal);
}

/** The finished file of an export task, as a Blob (long-running call, 200 s). */
export async function downloadExportFile(id: string): Promise<Blob> {
  const result = await sdk().raw("GET", "/comm-inc-center/v1/web/exportFile/{id}/download", {
    params: { path: { id } },
    parseAs: "blob",
  });
  return result.data as Blob;
}

/**
 * The console's OAuth client. A browser app cannot keep a secret; the spec's "fixed basic client
 * authorisation header" is this pair (openapi/CONVENTIONS.md "Clients"). config.json may override it.
 */
export const CONSOLE_CLIENT_SECRET = "tsp-console-secret";

/** Exchanges the code from the authorisation page and stores the token (spec §2 session guard). */
export function exchangeGrant(options: {
  clientId: string;
  clientSecret?: string;
  code: string;
  state: string | null;
  redirectUri: string;
}) {
  return exchangeCode(sdk(), {
    clientId: options.clientId,
    clientSecret: options.clientSecret ?? CONSOLE_CLIENT_SECRET,
    code: options.code,
    redirectUri: options.redirectUri,
    state: options.state,
  });
}

/** Revokes the token at the server and forgets it. */
export function signOut(): Promise<void> {
  return sdkSignOut(sdk());
}

let encryptor: ReturnType<typeof createEncryptor> | null = null;

/** Changes the password; both values travel RSA-OAEP encrypted with the key of getPubKey. */
export async function modifyPassword(oldPassword: string, newPassword: string): Promise<void> {
  encryptor ??= createEncryptor(sdk());
  const [oldCipher, newCipher] = await Promise.all([encryptor.encrypt(oldPassword), encryptor.encrypt(newPassword)]);
  await sdk().raw("POST", "/b-iam-account/users/web/modifyPassword", {
    body: { oldPassword: oldCipher, newPassword: newCipher },
  });
}
