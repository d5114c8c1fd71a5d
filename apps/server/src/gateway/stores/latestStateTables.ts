/** The latest-state store (migration 0007_latest_state), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    gateway_latest_state: GatewayLatestStateTable;
  }
}

/** The newest GB/T 32960 unit of a VIN by collection time. */
export interface GatewayLatestStateTable {
  vin: string;
  collected_at: number;
  received_at: number;
  /** The gateway_frame row it came from. */
  frame_id: number;
  /** Valid readings only (null when absent, 异常 or 无效). */
  soc: number | null;
  alarm_level: number | null;
  /** 充电状态 code 1–4, null when not valid. */
  charge_state: number | null;
  longitude: number | null;
  latitude: number | null;
  /** @tsp/domain `LatestSnapshot` as JSON. */
  snapshot: string;
}
