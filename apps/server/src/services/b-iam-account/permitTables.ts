import type { PermitDataScope } from "@tsp/domain";
import type { ColumnType } from "kysely";
import "./tables";

/** Columns 系统管理 added to the IAM tables (migration b-iam-account:0010_permit). */
declare module "./tables" {
  interface RoleTable {
    data_scope: ColumnType<PermitDataScope, PermitDataScope | undefined, PermitDataScope>;
  }
  interface MenuTable {
    icon: ColumnType<string, string | undefined, string>;
  }
}
