import type { ColumnType } from "kysely";

/** Active-safety terminals (tsp-jsatl), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    jsatl_terminal: JsatlTerminalTable;
  }
}

/**
 * A vehicle's JT/T 808 terminal with the Jiangsu active-safety extension: the terminal phone
 * number of the message header (12 digits in JT/T 808-2013, 20 in 2019) and the terminal id
 * of its 0x0100 registration, plus the last location report.
 */
export interface JsatlTerminalTable {
  vin: string;
  tenant_id: number;
  terminal_phone: string;
  terminal_id: string;
  online: boolean;
  /** Epoch milliseconds of the last 0x0200 location report, null before the first. */
  last_location_time: ColumnType<number | null, number | null, number | null>;
}
