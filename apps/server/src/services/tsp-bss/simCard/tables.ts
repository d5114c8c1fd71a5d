import type { SimStatus } from "@tsp/domain";
import type { ColumnType } from "kysely";

/**
 * Columns the SIM card register adds to tsp-bss's `bss_sim_card` (migration
 * tsp-bss:0003_sim_card), merged into its row type. Days are yyyy-MM-dd text in UTC+8 (the
 * same on PGlite and PostgreSQL, and they compare as text); `updated_at` is the version of
 * the card's optimistic concurrency.
 */
declare module "../tables" {
  interface SimCardTable {
    /** Life cycle state; a card created elsewhere (terminal info) starts as testing. */
    status: ColumnType<SimStatus, SimStatus | undefined, SimStatus>;
    activation_date: ColumnType<string | null, string | null | undefined, string | null>;
    expiry_date: ColumnType<string | null, string | null | undefined, string | null>;
    data_plan_mb: ColumnType<number | null, number | null | undefined, number | null>;
    month_usage_mb: ColumnType<number, number | undefined, number>;
    remark: ColumnType<string | null, string | null | undefined, string | null>;
    /** Epoch ms of the last change here, strictly increasing per card; 0 when never edited. bigint: a string on `pg`. */
    updated_at: ColumnType<number | string, number | undefined, number>;
    update_by: ColumnType<string | null, string | null | undefined, string | null>;
    update_name: ColumnType<string | null, string | null | undefined, string | null>;
  }
}
