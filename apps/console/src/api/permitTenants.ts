import type { CommSaasCloud } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// The calls of 租户管理 / 下级租户管理 (/permit/tenant, /permit/belowTenant; comm-saas-cloud.yaml, tag tenant).

type Schemas = CommSaasCloud.components["schemas"];
export type Tenant = Schemas["Tenant"];
export type TenantNode = Schemas["TenantNode"];
export type TenantMenus = Schemas["TenantMenus"];
export type TenantMenuNode = Schemas["TenantMenuNode"];
export type TenantCreate = Schemas["TenantCreate"];
export type TenantUpdate = Schemas["TenantUpdate"];

/** The caller's tenant tree (`all`), or only the tenants below its own (`below`). */
export async function listTenantTree(scope: "all" | "below", signal?: AbortSignal): Promise<TenantNode[]> {
  const init = { params: { query: { scope } } };
  return dataOf(await sdk().GET("/comm-saas-cloud/v1/tenant/tree", signal ? { ...init, signal } : init));
}
export async function createTenant(body: TenantCreate): Promise<Tenant> {
  return dataOf(await sdk().POST("/comm-saas-cloud/v1/tenant/add", { body }));
}
export async function updateTenant(body: TenantUpdate): Promise<Tenant> {
  return dataOf(await sdk().POST("/comm-saas-cloud/v1/tenant/update", { body }));
}
export async function disableTenant(tenantId: number): Promise<Tenant> {
  return dataOf(await sdk().POST("/comm-saas-cloud/v1/tenant/disable", { body: { tenantId } }));
}
export async function enableTenant(tenantId: number): Promise<Tenant> {
  return dataOf(await sdk().POST("/comm-saas-cloud/v1/tenant/enable", { body: { tenantId } }));
}
export async function getTenantMenus(tenantId: number): Promise<TenantMenus> {
  return dataOf(await sdk().GET("/comm-saas-cloud/v1/tenant/menus", { params: { query: { tenantId } } }));
}
/** Restricts the tenant to `menuIds`, or lifts the restriction with null. */
export async function setTenantMenus(tenantId: number, menuIds: number[] | null): Promise<TenantMenus> {
  return dataOf(await sdk().POST("/comm-saas-cloud/v1/tenant/menus", { body: { tenantId, menuIds } }));
}
