import type { OutletStatus, StationLevel } from "@tsp/domain";
import type { ColumnType } from "kysely";

/** bss_service_station (migration tsp-bss:0013_service_station), merged into the one Database interface. */
declare module "../../../db/schema" {
  interface Database {
    bss_service_station: ServiceStationTable;
  }
}

/** An authorised after-sales station of a tenant. */
export interface ServiceStationTable {
  code: string;
  tenant_id: number;
  name: string;
  /** GB/T 2260 district. */
  area_id: string;
  address: string;
  lng: number | null;
  lat: number | null;
  contact_name: string;
  service_phone: string;
  /** jsonb array of StationServiceType codes. */
  service_types: ColumnType<unknown, string, string>;
  /** jsonb array of bss_brand ids. */
  brand_ids: ColumnType<unknown, string, string>;
  level: StationLevel;
  status: ColumnType<OutletStatus, OutletStatus | undefined, OutletStatus>;
  /** Epoch ms of the last change here, strictly increasing; 0 when never edited. bigint: a string on `pg`. */
  updated_at: ColumnType<number | string, number | undefined, number>;
  update_by: ColumnType<string | null, string | null | undefined, string | null>;
  update_name: ColumnType<string | null, string | null | undefined, string | null>;
}
