import { permitOrgRows } from "@tsp/domain";
import type { SelectOption } from "@tsp/ui";
import { useEffect, useState } from "react";
import { listAllPermitRoles, listPermitOrgs, type PermitOrg, type PermitRole } from "../../../api/permitAccounts";

/** The tenant's roles and organisations as options (the search form's selects and the account form). */
export function usePermitChoices(): {
  roles: readonly PermitRole[];
  orgs: readonly PermitOrg[];
  roleOptions: SelectOption[];
  orgOptions: SelectOption[];
  ready: boolean;
} {
  const [roles, setRoles] = useState<readonly PermitRole[] | null>(null);
  const [orgs, setOrgs] = useState<readonly PermitOrg[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    // A failure was toasted by the shell; the selects stay empty.
    listAllPermitRoles().then(setRoles, () => setRoles([]));
    listPermitOrgs(abort.signal).then(setOrgs, () => setOrgs([]));
    return () => abort.abort();
  }, []);
  const rows = permitOrgRows(
    (orgs ?? []).map((o) => ({ id: o.orgId, parentId: o.parentId, name: o.name, sort: o.sort })),
  );
  return {
    roles: roles ?? [],
    orgs: orgs ?? [],
    roleOptions: (roles ?? []).map((r) => ({ value: String(r.roleId), label: r.name })),
    orgOptions: rows.map((r) => ({ value: String(r.id), label: r.path })),
    ready: roles !== null && orgs !== null,
  };
}
