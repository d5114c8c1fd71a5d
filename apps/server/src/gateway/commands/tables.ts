import type { Generated } from "kysely";

/** The command tables (migration 0006_commands), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    gateway_command: GatewayCommandTable;
    gateway_command_event: GatewayCommandEventTable;
    gateway_sms: GatewaySmsTable;
    gateway_registration: GatewayRegistrationTable;
  }
}

/**
 * A command's life: queued → (smsSent: a wake-up SMS went to a sleeping T-BOX) → sent →
 * acknowledged → success | failed, or expired (its TTL passed before it finished) or cancelled
 * (by an operator while still queued).
 */
export const COMMAND_STATES = [
  "queued",
  "smsSent",
  "sent",
  "acknowledged",
  "success",
  "failed",
  "expired",
  "cancelled",
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** States a command can still leave. */
export const OPEN_STATES: readonly CommandState[] = ["queued", "smsSent", "sent", "acknowledged"];

/**
 * The kinds of command (each its own permission). `wakeUp` sends nothing over a connection: its
 * SMS wakes the T-BOX and it succeeds when the vehicle logs in. `remoteControl` is the designed
 * OEM control (GB/T 32960 0x82 · 0x80).
 */
export const COMMAND_KINDS = [
  "paramQuery",
  "paramSet",
  "terminalControl",
  "remoteControl",
  "wakeUp",
  // JT/T 808 0x8801 camera shoot now (gateway/multimedia/, sent by its own JT/T 808 sender).
  "cameraShoot",
  // JT/T 808 0x8106 / 0x8103 of the JT/T 1078 audio/video parameters (音视频参数设置, gateway/multimedia/).
  "avQuery",
  "avSet",
  // A UDS request to one ECU (designed GB/T 32960 0x82 · 0x81; services/tsp-uds/).
  "udsDiagnosis",
  // JT/T 808 0x8105 终端控制 (answered 0x0001) and 0x8500 车辆控制 (answered 0x0500), sent by the
  // JT/T 808 sender (gateway/multimedia/jt808Multimedia.ts).
  "jt808TerminalControl",
  "jt808VehicleControl",
  // JT/T 808 general terminal parameters (终端参数, @tsp/domain's table): 0x8104 / 0x8106 answered
  // by 0x0104, and 0x8103 answered by 0x0001 — sent by the same JT/T 808 sender.
  "jt808ParamQuery",
  "jt808ParamSet",
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

export interface GatewayCommandTable {
  id: Generated<number>;
  tenant_id: number;
  vin: string;
  kind: CommandKind;
  /** JSON: `{ids}` for a query, `{params}` for a set, `{control}` for terminal control. */
  params: string;
  /** The account that sent it. */
  sender: string;
  state: CommandState;
  created_at: number;
  expires_at: number;
  sent_at: number | null;
  /** The command's time on the wire (epoch ms, whole seconds): the terminal's answer carries it back. */
  wire_time: number | null;
  acknowledged_at: number | null;
  finished_at: number | null;
  /** Why it failed, expired or was cancelled (Chinese). */
  reason: string | null;
  /** JSON of the decoded answer (a query's parameters). */
  answer: string | null;
  /** The answer frame, upper-case hex. */
  answer_hex: string | null;
  /** The command frame as written, upper-case hex (migration 0008). */
  request_hex: string | null;
}

export interface GatewayCommandEventTable {
  id: Generated<number>;
  command_id: number;
  state: CommandState;
  at: number;
  note: string | null;
}

/** An SMS the platform sent (migration 0008): a wake-up SMS and the login that followed it. */
export interface GatewaySmsTable {
  id: Generated<number>;
  tenant_id: number;
  vin: string;
  command_id: number | null;
  /** The vehicle's SIM card number, when the card register knows it. */
  msisdn: string | null;
  text: string;
  /** Which SmsGateway sent it (`local`: the built-in one that records and wakes simulated terminals). */
  provider: string;
  sent_at: number;
  /** The login (its report time) that followed the SMS: a wake-up login. */
  login_at: number | null;
}

/** One register / authenticate message or login of a terminal and its result (migration 0008). */
export interface GatewayRegistrationTable {
  id: Generated<number>;
  vin: string | null;
  protocol: "gbt32960" | "jt808";
  terminal_id: string | null;
  phone: string | null;
  /** `register` (JT/T 808 0x0100), `authenticate` (0x0102), `login` / `logout` (GB/T 32960 0x01 / 0x04), `wakeLogin` (a login after a wake-up SMS). */
  message: "register" | "authenticate" | "login" | "logout" | "wakeLogin";
  /** 0 success; JT/T 808 0x8100's result codes (1 vehicle registered, 2 no vehicle, 3 terminal registered, 4 no terminal), 0x8001's for an authentication, 3 VIN重复 for a GB/T 32960 login (@tsp/domain registrationResultText). */
  result: number;
  note: string | null;
  at: number;
}
