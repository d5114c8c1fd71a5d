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

export const COMMAND_KINDS = [
  "paramQuery",
  "paramSet",
  "terminalControl",
  "remoteControl",
  "wakeUp",
  "jt808TerminalControl",
  "jt808VehicleControl",
  "jt808ParamQuery",
  "jt808ParamSet",
] as const satisfies readonly CommandKind[];
export const COMMAND_STATES = [
  "queued",
  "smsSent",
  "sent",
  "acknowledged",
  "success",
  "failed",
  "expired",
  "cancelled",
] as const satisfies readonly CommandState[];
/** States a command can still leave (the screens poll until it left them). */
export const isOpen = (state: CommandState) =>
  state === "queued" || state === "smsSent" || state === "sent" || state === "acknowledged";

export async function sendParamQuery(vin: string, ids: number[]) {
  return dataOf(await sdk().POST("/tsp-command/command/paramQuery", { body: { vin, ids } }));
}

export async function sendParamSet(vin: string, params: ParamEntry[]) {
  return dataOf(await sdk().POST("/tsp-command/command/paramSet", { body: { vin, params } }));
}

export async function sendTerminalControl(body: ControlRequest) {
  return dataOf(await sdk().POST("/tsp-command/command/terminalControl", { body }));
}

export type Jt808ControlRequest = Schemas["Jt808TerminalControlRequest"];

/** sendJt808TerminalControl: 0x8105 to a JT/T 808 terminal (the domain checks the parameters on the server). */
export async function sendJt808TerminalControl(body: Jt808ControlRequest) {
  return dataOf(await sdk().POST("/tsp-command/jt808/terminalControl", { body }));
}

/** sendJt808VehicleControl: 0x8500 车门加锁 / 解锁 to a JT/T 808 terminal; the 0x0500 answer says doorLocked. */
export async function sendJt808VehicleControl(vin: string, action: "lock" | "unlock") {
  return dataOf(await sdk().POST("/tsp-command/jt808/vehicleControl", { body: { vin, action } }));
}

export type Jt808ParamEntry = Schemas["Jt808ParamEntry"];
export type Jt808ParamRead = Schemas["Jt808ParamRead"];

/** sendJt808ParamQuery: every general parameter (0x8104) or the ids given (0x8106); the 0x0104 lands in `answer.jt808Params`. */
export async function sendJt808ParamQuery(vin: string, ids?: number[]) {
  return dataOf(await sdk().POST("/tsp-command/jt808/paramQuery", { body: ids ? { vin, ids } : { vin } }));
}

/** sendJt808ParamSet: 0x8103 of the values (checked by @tsp/domain's JT808_GENERAL_PARAMS on both sides). */
export async function sendJt808ParamSet(vin: string, params: Jt808ParamEntry[]) {
  return dataOf(await sdk().POST("/tsp-command/jt808/paramSet", { body: { vin, params } }));
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

/** sendWakeUp: a wake-up SMS to a sleeping T-BOX; succeeds when the vehicle logs in. */
export async function sendWakeUp(vin: string) {
  return dataOf(await sdk().POST("/tsp-command/command/wakeUp", { body: { vin, ttlSeconds: 90 } }));
}

export type RemoteAction = Schemas["RemoteAction"];
/** The remote-control groups, each its own operation and button permission (openapi sendRemote*). */
export const REMOTE_GROUPS = {
  lock: { operation: "sendRemoteLock", actions: ["lock", "unlock"] },
  findCar: { operation: "sendRemoteFindCar", actions: ["findCar"] },
  climate: { operation: "sendRemoteClimate", actions: ["climateOn", "climateOff"] },
  windows: { operation: "sendRemoteWindows", actions: ["windowsOpen", "windowsClose"] },
  engine: { operation: "sendRemoteEngine", actions: ["engineStart", "engineStop"] },
} as const satisfies Record<string, { operation: string; actions: readonly RemoteAction[] }>;
export type RemoteGroupName = keyof typeof REMOTE_GROUPS;

/** Sends one remote-control action through its group's operation. */
export async function sendRemoteControl(vin: string, group: RemoteGroupName, action: RemoteAction, value?: number) {
  const body = { vin, action, ...(value === undefined ? {} : { value }) } as never;
  // One literal path per group (the screen-calls check reads the calls from the source).
  if (group === "lock") return dataOf(await sdk().POST("/tsp-command/remoteControl/lock", { body }));
  if (group === "findCar") return dataOf(await sdk().POST("/tsp-command/remoteControl/findCar", { body }));
  if (group === "climate") return dataOf(await sdk().POST("/tsp-command/remoteControl/climate", { body }));
  if (group === "windows") return dataOf(await sdk().POST("/tsp-command/remoteControl/windows", { body }));
  return dataOf(await sdk().POST("/tsp-command/remoteControl/engine", { body }));
}

/** getExistVinList: the AEBS vehicles 远程控制 lists. */
export async function listAebsVehicles(
  query: { vin?: string; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/v1/aebs/getExistVinList", signal ? { params, signal } : { params }));
}
