import type { Generated } from "kysely";

/** The gateway's tables (migration 0003_gateway), merged into the one Database interface. */
declare module "../db/schema" {
  interface Database {
    gateway_frame: GatewayFrameTable;
    gateway_vehicle_state: GatewayVehicleStateTable;
    gateway_jt808_terminal: GatewayJt808TerminalTable;
  }
}

/**
 * Why a frame was stored as it was: `ok` (read and answered), `vin-unknown` (read, refused),
 * `vin-duplicate` (login refused: the VIN is online on another connection), `bad-body` (frame
 * read, data unit not), `encrypted` (data unit not readable without keys), `unsupported`
 * (a command the gateway does not serve), `bad-frame` (check code or structure wrong: dropped).
 */
export type FrameStatus =
  | "ok"
  | "vin-unknown"
  | "vin-duplicate"
  | "bad-body"
  | "encrypted"
  | "unsupported"
  | "bad-frame";

/** Every frame the gateway received, partitioned by day of `received_at`. */
export interface GatewayFrameTable {
  id: Generated<number>;
  /** When the gateway cut the frame from the stream, epoch ms. */
  received_at: number;
  /** Null when the frame's header could not be read. */
  vin: string | null;
  command: number | null;
  edition: number | null;
  /** The frame as received, upper-case hex. */
  raw_hex: string;
  status: FrameStatus;
  /** The decoder's Chinese message when status is not `ok`. */
  reason: string | null;
  /** Remote address:port of the connection. */
  peer: string;
}

/** The latest state per VIN, updated once per stored batch. */
export interface GatewayVehicleStateTable {
  vin: string;
  online: boolean;
  last_report_at: number | null;
  last_login_at: number | null;
  last_logout_at: number | null;
  longitude: number | null;
  latitude: number | null;
  speed_kmh: number | null;
  soc: number | null;
  mileage_km: number | null;
  updated_at: number;
}

/** A JT/T 808 terminal the gateway registered (migration 0004_jt808_terminal). */
export interface GatewayJt808TerminalTable {
  /** The header's phone number, leading zeros trimmed. */
  phone: string;
  vin: string;
  /** The terminal id of its 0x0100. */
  terminal_id: string;
  /** The code given in the 0x8100 answer, checked on 0x0102. */
  auth_code: string;
  edition: number;
  registered_at: number;
}
