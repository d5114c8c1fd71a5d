import type { ServiceModule } from "../types";
import {
  createPermitAccount,
  exportPermitAccounts,
  listPermitAccounts,
  permitAccountExporter,
  resetPermitAccountPassword,
  setPermitAccountStatus,
  updatePermitAccount,
} from "./accounts/handlers";
import { getPermitMenuTree, updatePermitMenu } from "./menus/handlers";
import * as m0010 from "./migrations/0010_permit";
import { createPermitOrg, deletePermitOrg, listPermitOrgs, updatePermitOrg } from "./organisations/handlers";
import "./permitTables";
import { createPermitRole, deletePermitRole, listPermitRoles, updatePermitRole } from "./roles/handlers";

/**
 * 系统管理 of b-iam-account (a slice of the service): accounts, roles with their menus, buttons
 * and data scope, organisations and menus of a tenant (账号管理, 角色管理, 组织架构, 菜单管理).
 * Rules come from @tsp/domain `permit/`. Every write to roles, menus and their links raises
 * `authz_version` (triggers of 0002), so it takes effect on the next request, and the router
 * sends the version as `X-Authz-Version` for the console to reload its permissions.
 */
export const bIamAccountPermit: ServiceModule = {
  name: "b-iam-account",
  migrations: { "b-iam-account:0010_permit": m0010 },
  handlers: {
    listPermitAccounts,
    exportPermitAccounts,
    createPermitAccount,
    updatePermitAccount,
    resetPermitAccountPassword,
    setPermitAccountStatus,
    listPermitRoles,
    createPermitRole,
    updatePermitRole,
    deletePermitRole,
    getPermitMenuTree,
    updatePermitMenu,
    listPermitOrgs,
    createPermitOrg,
    updatePermitOrg,
    deletePermitOrg,
  },
  exporters: { exportPermitAccounts: permitAccountExporter },
};
