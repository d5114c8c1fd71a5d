import type { Generated } from "kysely";

/** 电子围栏's tables (migration 0018_geofence), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    geofence: GeofenceTable;
    geofence_binding: GeofenceBindingTable;
    geofence_state: GeofenceStateTable;
    geofence_event: GeofenceEventTable;
  }
}

export interface GeofenceTable {
  id: Generated<number>;
  tenant_id: number;
  /** The account that filed it: its 个人消息 get the fence's alarms whatever its level setting. */
  owner_account_id: number;
  name: string;
  /** 1 circle, 2 polygon (the spec's encoding). */
  type: number;
  position: string;
  /** km, circles only. */
  radius: number | null;
  rule: "enter" | "exit" | "both";
  window_start: number | null;
  window_end: number | null;
  speed_limit: number | null;
  level: number;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface GeofenceBindingTable {
  fence_id: number;
  vin: string | null;
  group_id: number | null;
}

export interface GeofenceStateTable {
  fence_id: number;
  vin: string;
  inside: boolean;
  over: boolean;
  at: number;
}

export interface GeofenceEventTable {
  id: Generated<number>;
  fence_id: number;
  vin: string;
  kind: "enter" | "exit" | "overspeed";
  at: number;
  longitude: number;
  latitude: number;
  speed_kmh: number | null;
  alarmed: boolean;
  alarm_id: number | null;
  frame_id: number;
}
