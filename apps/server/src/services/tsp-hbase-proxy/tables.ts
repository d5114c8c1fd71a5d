/** Journal tables (tsp-hbase-proxy), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    vehicle_login_log: JournalTable;
    vehicle_logout_log: JournalTable;
  }
}

/**
 * One GB/T 32960 frame of a vehicle, keyed (vin, ts): the primary key is the keyset index,
 * and the key partitions by time and distributes by VIN unchanged (DESIGN.md "Beyond one machine").
 */
export interface JournalTable {
  vin: string;
  /** Report time, epoch milliseconds. */
  ts: number;
  /** The raw frame, upper-case hex. */
  content: string;
}

/** The two journals and their tables. */
export const JOURNALS = {
  login: "vehicle_login_log",
  logout: "vehicle_logout_log",
} as const;
export type JournalKind = keyof typeof JOURNALS;
