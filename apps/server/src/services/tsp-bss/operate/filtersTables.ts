import type { ColumnType, Generated } from "kysely";

type Big = ColumnType<number | string, number, number>;

/** An account's saved 高级筛选 filter (migration tsp-bss:0075_fleet_filters). */
export interface FleetFilterTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** @tsp/domain FleetFilterSchema's output as JSON text. */
  filter: string;
  created_at: Big;
}
/** A vehicle an account follows (我的关注). */
export interface VehicleFollowTable {
  account_id: number;
  vin: string;
  followed_at: Big;
}

declare module "../../../db/schema" {
  interface Database {
    operate_fleet_filter: FleetFilterTable;
    operate_vehicle_follow: VehicleFollowTable;
  }
}
