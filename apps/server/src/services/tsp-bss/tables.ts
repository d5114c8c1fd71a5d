import type { ColumnType, Generated } from "kysely";

/**
 * Tables of tsp-bss, merged into the one Database interface. Reference data (manufacturers,
 * the brand tree, providers, colours, announcement models, keyword catalogues without a
 * tenant) is shared by every tenant; everything about a tenant's vehicles, SIM cards,
 * dealers and master data carries `tenant_id`.
 */
declare module "../../db/schema" {
  interface Database {
    bss_oem: OemTable;
    bss_brand: BrandTable;
    bss_series: SeriesTable;
    bss_model: ModelTable;
    bss_provider: ProviderTable;
    bss_dealer: DealerTable;
    bss_sim_card: SimCardTable;
    bss_machinery: MachineryTable;
    bss_vehicle_color: VehicleColorTable;
    bss_option: OptionTable;
    bss_credit_unit: CreditUnitTable;
    ner_vehicle_model: NerVehicleModelTable;
    ner_record: NerRecordTable;
    ner_change_log: NerChangeLogTable;
    ner_monitor: NerMonitorTable;
    ner_monitor_inform: NerMonitorInformTable;
    bss_realname: RealnameTable;
  }
  /** Columns tsp-bss adds to the platform's vehicle table (migration tsp-bss:0001). */
  interface VehicleTable {
    /** Leaf of the brand tree (bss_model.id). */
    model_id: ColumnType<number | null, number | null | undefined, number | null>;
    /** Announcement model of a new-energy vehicle (ner_vehicle_model.id). */
    vehicle_model_id: ColumnType<number | null, number | null | undefined, number | null>;
    tbox_sn: ColumnType<string | null, string | null | undefined, string | null>;
    /** Owner (masked); null while the vehicle is not bound to an owner. */
    owner_name: ColumnType<string | null, string | null | undefined, string | null>;
    /** Has an actual-sale record. */
    sold: ColumnType<boolean, boolean | undefined, boolean>;
    /** Has an automatic emergency braking (AEBS) configuration. */
    aebs: ColumnType<boolean, boolean | undefined, boolean>;
    /** Highest GB/T 32960 alarm level now (0 none … 3). */
    alarm_level: ColumnType<number, number | undefined, number>;
  }
}

export interface OemTable {
  id: number;
  code: string;
  name: string;
}
export interface BrandTable {
  id: number;
  oem_id: number;
  name: string;
}
export interface SeriesTable {
  id: number;
  brand_id: number;
  name: string;
}
export interface ModelTable {
  id: number;
  series_id: number;
  name: string;
}
export interface ProviderTable {
  id: number;
  code: string;
  name: string;
}
/** A dealer of a tenant's sales network, placed in a region (GB/T 2260 district code). */
export interface DealerTable {
  code: string;
  tenant_id: number;
  name: string;
  area_id: string;
  /** sale: first-tier selling dealer; secondary: second-tier dealer. */
  kind: "sale" | "secondary";
}
export interface SimCardTable {
  iccid: string;
  tenant_id: number;
  msisdn: string | null;
  carrier: "CMCC" | "CUCC" | "CTCC";
  /** The vehicle the card is bound to, or null when free. */
  vin: string | null;
}
export interface MachineryTable {
  vin: string;
  tenant_id: number;
  oem_id: number;
  mein: string;
  brand: string;
  series: string;
  model: string;
  cpxh: string;
  cpbh: string;
  jjxh: string;
  owner_name: string | null;
}
export interface VehicleColorTable {
  code: string;
  name: string;
  rgb: string;
}
/**
 * One entry of a keyword catalogue behind GET /tsp-bss/search/<name> (kind = the search)
 * and of the new-energy parameter lists (kind = the list). `tenant_id` null: shared.
 */
export interface OptionTable {
  kind: string;
  code: string;
  name: string;
  tenant_id: number | null;
  sort: number;
}
/** An operating unit a vehicle is filed under (registered name, GB 32100 credit code). */
export interface CreditUnitTable {
  code: string;
  tenant_id: number;
  name: string;
}
/** MIIT announcement (公告) parameters of a new-energy vehicle model. */
export interface NerVehicleModelTable {
  id: Generated<number>;
  vehicle_model: string;
  vehicle_name: string;
  vehicle_type: "乘用车" | "客车" | "货车" | "专用车";
  brand_name: string;
  manufacturer: string;
  curb_weight: number;
  max_speed: number;
  /** Allowed drive-motor models, separated by 、 (the parameter lists split them). */
  drive_model: string | null;
  tbox_model: string | null;
  battery_model: string | null;
  rated_energy: number | null;
  /** Tenant that created the model (import); null: the platform's catalogue (migration tsp-bss:0005). */
  owner_tenant_id: ColumnType<number | null, number | null | undefined, number | null>;
}
/** The four editable groups of a vehicle's master data. */
export type NerGroup = "vehicleInfo" | "batteryInfo" | "driveInfo" | "terminalInfo";
/**
 * One group of one vehicle, stored as the document the console edits as a whole (every
 * editable field, validated by the openapi/ Edit schema), with who last changed it.
 */
export interface NerRecordTable {
  vin: string;
  grp: NerGroup;
  tenant_id: number;
  data: ColumnType<Record<string, unknown>, string, string>;
  update_by: string;
  update_name: string;
  /** Epoch milliseconds. */
  update_time: ColumnType<number, number, number>;
}
/** One saved change of a group: the fields that differ, before and after. */
export interface NerChangeLogTable {
  id: Generated<number>;
  tenant_id: number;
  vin: string;
  grp: NerGroup;
  changes: ColumnType<{ field: string; label: string; before: unknown; after: unknown }[], string, string>;
  update_by: string;
  update_name: string;
  update_time: ColumnType<number, number, number>;
}
/** A watched vehicle of the monitoring list (type 1 key vehicle, 2 offline watch, 3 alarm watch). */
export interface NerMonitorTable {
  tenant_id: number;
  vin: string;
  type: 1 | 2 | 3;
  created_at: ColumnType<number, number, number>;
  created_by: string;
}
/** The tenant's notification setting of the monitoring list. */
export interface NerMonitorInformTable {
  tenant_id: number;
  data: ColumnType<Record<string, unknown>, string, string>;
  update_by: string;
  update_time: ColumnType<number, number, number>;
}
/** Real-name authentication of a SIM card's user (MIIT real-name rules). */
export interface RealnameTable {
  iccid: string;
  tenant_id: number;
  owner_name: string | null;
  owner_type: "person" | "company" | null;
  status: "unauthenticated" | "pending" | "approved" | "rejected";
  auth_time: ColumnType<number | null, number | null, number | null>;
}
