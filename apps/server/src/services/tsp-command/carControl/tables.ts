import type { NotifyChannel, RemindResult, RemoteGroup } from "@tsp/domain";
import type { ColumnType, Generated } from "kysely";

type Big = ColumnType<number | string, number, number>;
type BigNull = ColumnType<number | string | null, number | null | undefined, number | null>;

/** Tables of migration tsp-command:0017_car_control. */
export interface CcsPackageTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  groups: RemoteGroup[];
  validity_months: number;
  remark: string | null;
  updated_by: string;
  updated_at: Big;
}
export interface CcsSubscriptionTable {
  id: Generated<number>;
  tenant_id: number;
  vin: string;
  package_id: number;
  valid_from: Big;
  valid_to: Big;
  stopped_at: BigNull;
  stopped_by: string | null;
  updated_by: string;
  updated_at: Big;
}
export interface CcsRemindRuleTable {
  id: Generated<number>;
  tenant_id: number;
  account_id: number;
  channels: NotifyChannel[];
  results: RemindResult[];
  groups: RemoteGroup[];
  vins: string[];
  enabled: boolean;
  remark: string | null;
  updated_by: string;
  updated_at: Big;
}

declare module "../../../db/schema" {
  interface Database {
    ccs_package: CcsPackageTable;
    ccs_subscription: CcsSubscriptionTable;
    ccs_remind_rule: CcsRemindRuleTable;
  }
}
