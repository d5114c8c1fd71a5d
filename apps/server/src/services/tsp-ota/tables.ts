import type { OtaCampaignState, OtaVehicleState } from "@tsp/domain";
import type { ColumnType, Generated } from "kysely";

type Big = ColumnType<number | string, number, number>;
type BigNull = ColumnType<number | string | null, number | null | undefined, number | null>;

/** Tables of migration tsp-ota:0001_ota. */
export interface OtaPackageTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  vehicle_model: string;
  maker_code: string;
  hardware_version: string;
  firmware_version: string;
  file_url: string;
  file_size: number;
  md5: string;
  remark: string | null;
  created_by: string;
  created_at: Big;
}
export interface OtaCampaignTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  package_id: number;
  state: ColumnType<OtaCampaignState, OtaCampaignState | undefined, OtaCampaignState>;
  timeout_min: number;
  /** JSON: apn, user, password, address, port, origin. */
  upgrade: string;
  created_by: string;
  created_at: Big;
  started_at: BigNull;
  finished_at: BigNull;
}
export interface OtaCampaignVehicleTable {
  campaign_id: number;
  vin: string;
  state: ColumnType<OtaVehicleState, OtaVehicleState | undefined, OtaVehicleState>;
  reason: string | null;
  command_id: BigNull;
  verify_command_id: BigNull;
  hardware_version: string | null;
  firmware_version: string | null;
  updated_at: Big;
}
export interface VehicleVersionTable {
  id: Generated<number | string>;
  tenant_id: number;
  vin: string;
  hardware_version: string | null;
  firmware_version: string | null;
  source: "query" | "ota" | "seed";
  command_id: BigNull;
  learnt_at: Big;
}

declare module "../../db/schema" {
  interface Database {
    ota_package: OtaPackageTable;
    ota_campaign: OtaCampaignTable;
    ota_campaign_vehicle: OtaCampaignVehicleTable;
    vehicle_version: VehicleVersionTable;
  }
}
