import type { LoginLogQuery } from "@tsp/domain";
import { createEncryptor, download, exchangeCode, signOut as sdkSignOut } from "@tsp/sdk";
import { sdk } from "./sdk";
import type { ExportTask, ExportTaskRef, HomeOverview, JournalPage, MyInfo, NumberedPage, Permissions } from "./types";

/**
 * Every call the console makes, one function each, all through the SDK client typed by the
 * generated `paths` of openapi/ — a path, parameter or answer that drifts from the contract
 * fails the typecheck. Failures reject with the SDK's typed errors (already toasted by the
 * shell's hooks unless cancelled or 404).
 */

/** The payload of an answer as the generated schema types it (its absence would break the contract). */
type Payload<R> = R extends { data?: infer E } ? (E extends { data?: infer D } ? NonNullable<D> : never) : never;

/**
 * `data` of a resolved call (the SDK rejects failing envelopes, so it is the success payload),
 * typed by the contract: each function below returns it as the console's own type, so the
 * compiler proves the two still agree.
 */
function dataOf<R extends { data?: unknown }>(result: R): Payload<R> {
  const payload = (result.data as { data?: unknown } | undefined)?.data;
  if (payload === undefined || payload === null) throw new Error("the answer carries no data");
  return payload as Payload<R>;
}

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
 * The ICCID of the SIM bound to a vehicle in master data (the VIN picker's lookup, tsp-bss
 * findVinListByDim), or null when the vehicle has none or is out of reach.
 */
export async function getBoundIccid(vin: string, signal?: AbortSignal): Promise<string | null> {
  const params = { query: { vin, pageNum: 1, pageSize: 10 } };
  const page = dataOf(
    await sdk().GET("/tsp-bss/v1/vehicle/findVinListByDim", signal ? { params, signal } : { params }),
  );
  return page.list.find((v) => v.vin === vin)?.iccid ?? null;
}

/** The permission call (designed: GET /comm-inc-center/v1/web/home/user/permissions). */
export async function getPermissions(): Promise<Permissions> {
  return dataOf(await sdk().GET("/comm-inc-center/v1/web/home/user/permissions"));
}

/** The signed-in account (spec §7 myInfo). */
export async function getMyInfo(): Promise<MyInfo> {
  return dataOf(await sdk().GET("/comm-inc-center/v1/web/home/user/myInfo"));
}

/** The home overview (designed). */
export async function getHomeOverview(): Promise<HomeOverview> {
  return dataOf(await sdk().GET("/comm-inc-center/v1/web/home/overview"));
}

/** One numbered page of the account's export tasks (designed). */
export async function getExportFiles(
  pageNum: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<NumberedPage<ExportTask>> {
  const params = { query: { pageNum, pageSize } };
  const result = await sdk().GET("/comm-inc-center/v1/web/exportFile/list", signal ? { params, signal } : { params });
  return dataOf(result);
}

/**
 * The finished file of an export task (long-running, 200 s). The SDK's download helper tells a
 * file from an error envelope sent in its place, so a failure never saves as a "file".
 */
export async function downloadExportFile(id: string): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/comm-inc-center/v1/web/exportFile/{id}/download", { params: { path: { id } } });
  return { blob: file.blob, fileName: file.fileName };
}

/**
 * The console's OAuth client. A browser app cannot keep a secret; the spec's "fixed basic client
 * authorisation header" is this pair (openapi/CONVENTIONS.md "Clients").
 */
export const CONSOLE_CLIENT_SECRET = "tsp-console-secret";

/** Exchanges the code from the authorisation page and stores the token (spec §2 session guard). */
export function exchangeGrant(options: { clientId: string; code: string; state: string | null; redirectUri: string }) {
  return exchangeCode(sdk(), {
    clientId: options.clientId,
    clientSecret: CONSOLE_CLIENT_SECRET,
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
  await sdk().POST("/b-iam-account/users/web/modifyPassword", {
    body: { oldPassword: oldCipher, newPassword: newCipher },
  });
}
