import type { ColumnType, Generated } from "kysely";

/** Fuel alerts of the vehicle shadow (tsp-shadow), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    fuel_alert: FuelAlertTable;
  }
}

/** The kinds of fuel alert (openapi tsp-shadow FuelAlertType). */
export const FUEL_ALERT_TYPES = ["abnormalDrop", "lowFuel", "sensorFault"] as const;
export type FuelAlertType = (typeof FUEL_ALERT_TYPES)[number];

/**
 * One fuel alert raised from JT/T 808 0x0200 location reports (extra item 0x02, fuel level in
 * 1/10 L): an abnormal drop while parked, a level under 10 % of the tank, or a sensor fault.
 */
export interface FuelAlertTable {
  id: Generated<number>;
  tenant_id: number;
  vin: string;
  type: FuelAlertType;
  /** Epoch milliseconds of the report that raised it. */
  ts: ColumnType<number, number, number>;
}
