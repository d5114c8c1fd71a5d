import type { ColumnType } from "kysely";

/** The menus a restricted tenant may use (migration comm-saas-cloud:0001_tenant_admin). */
export interface TenantMenuTable {
  tenant_id: number;
  menu_id: number;
}

/** Columns comm-saas-cloud:0001 adds to the platform's tenant table. */
export interface TenantAdminColumns {
  status: ColumnType<"active" | "disabled", "active" | "disabled" | undefined, "active" | "disabled">;
  remark: ColumnType<string, string | undefined, string>;
  menus_restricted: ColumnType<boolean, boolean | undefined, boolean>;
  /** Epoch ms of the last edit (optimistic concurrency); bigint: a string on `pg`. */
  updated_at: ColumnType<number | string, number | undefined, number>;
}

declare module "../../../db/schema" {
  interface Database {
    tenant_menu: TenantMenuTable;
  }
  interface TenantTable {
    status: TenantAdminColumns["status"];
    remark: TenantAdminColumns["remark"];
    menus_restricted: TenantAdminColumns["menus_restricted"];
    updated_at: TenantAdminColumns["updated_at"];
  }
}
