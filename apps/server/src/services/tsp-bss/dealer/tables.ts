import type { OutletStatus } from "@tsp/domain";
import type { ColumnType } from "kysely";

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * Columns the dealer register adds to tsp-bss's `bss_dealer` (migration
 * tsp-bss:0012_dealer_register), merged into its row type. `brand_ids` is a jsonb array of
 * bss_brand ids; `updated_at` the version of the dealer's optimistic concurrency.
 */
declare module "../tables" {
  interface DealerTable {
    /** The selling dealer a secondary dealer sells under. */
    parent_code: Nullable<string>;
    address: Defaulted<string>;
    lng: Nullable<number>;
    lat: Nullable<number>;
    contact_name: Defaulted<string>;
    contact_phone: Defaulted<string>;
    brand_ids: ColumnType<unknown, string | undefined, string>;
    status: Defaulted<OutletStatus>;
    /** Epoch ms of the last change here, strictly increasing; 0 when never edited. bigint: a string on `pg`. */
    updated_at: ColumnType<number | string, number | undefined, number>;
    update_by: Nullable<string>;
    update_name: Nullable<string>;
  }
}
