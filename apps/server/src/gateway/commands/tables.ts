import type { Generated } from "kysely";

/** The command tables (migration 0006_commands), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    gateway_command: GatewayCommandTable;
    gateway_command_event: GatewayCommandEventTable;
  }
}

/**
 * A command's life: queued → sent → acknowledged → success | failed, or expired (its TTL passed
 * before it finished) or cancelled (by an operator while still queued).
 */
export const COMMAND_STATES = ["queued", "sent", "acknowledged", "success", "failed", "expired", "cancelled"] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** States a command can still leave. */
export const OPEN_STATES: readonly CommandState[] = ["queued", "sent", "acknowledged"];

/** The kinds of command (each its own permission). */
export const COMMAND_KINDS = ["paramQuery", "paramSet", "terminalControl"] as const;
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
}

export interface GatewayCommandEventTable {
  id: Generated<number>;
  command_id: number;
  state: CommandState;
  at: number;
  note: string | null;
}
