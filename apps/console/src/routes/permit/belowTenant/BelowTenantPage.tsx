import { TenantList } from "../tenant/TenantPage";

/** 下级租户管理 (/permit/belowTenant): the same screen as 租户管理, scoped to the tenants below the caller's own. */
export default function BelowTenantPage() {
  return <TenantList scope="below" />;
}
