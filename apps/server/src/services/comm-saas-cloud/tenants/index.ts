import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0001 from "./0001_tenant_admin";
import {
  createTenant,
  disableTenant,
  enableTenant,
  getTenantMenus,
  listTenantTree,
  setTenantMenus,
  updateTenant,
} from "./handlers";

const handlers = {
  listTenantTree,
  createTenant,
  updateTenant,
  disableTenant,
  enableTenant,
  getTenantMenus,
  setTenantMenus,
} satisfies HandlerTable;

/**
 * 租户管理 / 下级租户管理 (系统管理 › /permit/tenant, /permit/belowTenant): the caller's tenant
 * tree, create, edit, disable (with its subtree) and enable, and the menus each tenant may use.
 * The effects are applied where the server resolves a token (`platform/auth.ts`: a disabled
 * tenant's token is refused; buttons outside the tenant's menus are not granted).
 */
export const commSaasCloudTenants: ServiceModule = {
  name: "comm-saas-cloud",
  migrations: { "comm-saas-cloud:0001_tenant_admin": m0001 },
  handlers,
};
