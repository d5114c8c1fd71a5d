import type { TspCommand } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// TBOX注册状态查询 (openapi tsp-command, tag registration): terminals' registration state, one
// terminal's register / authenticate / login history, the export.

type Schemas = TspCommand.components["schemas"];
type Ops = TspCommand.operations;
export type TerminalRegistration = Schemas["TerminalRegistration"];
export type RegistrationEvent = Schemas["RegistrationEvent"];
export type RegistrationQuery = NonNullable<Ops["listTerminalRegistrations"]["parameters"]["query"]>;
export type RegistrationFilters = Omit<RegistrationQuery, "pageNum" | "pageSize">;

export async function listTerminalRegistrations(query: RegistrationQuery, signal?: AbortSignal) {
  return dataOf(
    await sdk().GET("/tsp-command/registration/list", signal ? { params: { query }, signal } : { params: { query } }),
  );
}

export async function getTerminalRegistrationHistory(sn: string, signal?: AbortSignal) {
  const query = { sn };
  return dataOf(
    await sdk().GET(
      "/tsp-command/registration/history",
      signal ? { params: { query }, signal } : { params: { query } },
    ),
  );
}

export async function exportTerminalRegistrations(query: RegistrationFilters) {
  return dataOf(await sdk().GET("/tsp-command/registration/export", { params: { query } }));
}
