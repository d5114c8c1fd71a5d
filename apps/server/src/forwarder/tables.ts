import type { ColumnType, Generated } from "kysely";

/** The forwarder's tables (migration 0010_forwarder), merged into the one Database interface. */
declare module "../db/schema" {
  interface Database {
    forward_cursor: ForwardCursorTable;
    forward_log: ForwardLogTable;
  }
}

/** Where a platform's queue stands, and which process forwards to it. */
export interface ForwardCursorTable {
  platform_id: number;
  /** The last journal frame the platform answered (every frame up to it is logged). */
  last_frame_id: ColumnType<number | string, number | undefined, number>;
  /** China day and serial of the last platform login (GB/T 32960: the serial restarts daily). */
  login_day: ColumnType<string | null, string | undefined, string>;
  login_serial: Generated<number>;
  lease_owner: ColumnType<string | null, string | undefined, string | null>;
  lease_until: ColumnType<number | string, number | undefined, number>;
  /** idle · connecting · online · down (with link_error) · stopped. */
  link_state: Generated<string>;
  link_error: ColumnType<string | null, string | undefined, string | null>;
  link_at: ColumnType<number | string, number | undefined, number>;
}

/** One frame forwarded to one platform, and its answer. */
export interface ForwardLogTable {
  platform_id: number;
  frame_id: number | string;
  vin: string;
  /** When the gateway received the frame (the day 转发统计 counts it in). */
  received_at: number | string;
  sent_at: number | string;
  answered_at: number | string;
  /** The command byte sent: 0x03 when a real-time frame went out as 补发. */
  sent_command: number;
  resent: boolean;
  /** acked: the platform answered success; refused: it answered an error flag. */
  outcome: "acked" | "refused";
}
