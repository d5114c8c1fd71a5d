import type { TspCommand } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// Remote commands (openapi tsp-command): GB/T 32960 parameter query / set, terminal control,
// cancel, the list, one command with its transitions and a vehicle's timeline.

type Schemas = TspCommand.components["schemas"];
export type Command = Schemas["Command"];
export type CommandDetail = Schemas["CommandDetail"];
export type CommandKind = Schemas["CommandKind"];
export type CommandState = Schemas["CommandState"];
export type TimelineEvent = Schemas["TimelineEvent"];
export type ParamEntry = Schemas["ParamEntry"];
export type ControlRequest = Schemas["TerminalControlRequest"];

export const COMMAND_KINDS = ["paramQuery", "paramSet", "terminalControl"] as const satisfies readonly CommandKind[];
export const COMMAND_STATES = [
  "queued",
  "sent",
  "acknowledged",
  "success",
  "failed",
  "expired",
  "cancelled",
] as const satisfies readonly CommandState[];
/** States a command can still leave (the screens poll until it left them). */
export const isOpen = (state: CommandState) => state === "queued" || state === "sent" || state === "acknowledged";

export async function sendParamQuery(vin: string, ids: number[]) {
  return dataOf(await sdk().POST("/tsp-command/command/paramQuery", { body: { vin, ids } }));
}

export async function sendParamSet(vin: string, params: ParamEntry[]) {
  return dataOf(await sdk().POST("/tsp-command/command/paramSet", { body: { vin, params } }));
}

export async function sendTerminalControl(body: ControlRequest) {
  return dataOf(await sdk().POST("/tsp-command/command/terminalControl", { body }));
}

export async function cancelCommand(id: number) {
  return dataOf(await sdk().POST("/tsp-command/command/cancel", { body: { id } }));
}

export interface CommandFilters {
  vin?: string;
  kind?: CommandKind;
  state?: CommandState;
  pageNum: number;
  pageSize: number;
}

export async function listCommands(query: CommandFilters, signal?: AbortSignal) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-command/command/list", signal ? { params, signal } : { params }));
}

export async function getCommand(id: number, signal?: AbortSignal) {
  const params = { query: { id } };
  return dataOf(await sdk().GET("/tsp-command/command/detail", signal ? { params, signal } : { params }));
}

export async function getCommandTimeline(vin: string, signal?: AbortSignal): Promise<TimelineEvent[]> {
  const params = { query: { vin } };
  const res = await sdk().GET("/tsp-command/command/timeline", signal ? { params, signal } : { params });
  return (res.data?.data ?? []) as TimelineEvent[];
}
