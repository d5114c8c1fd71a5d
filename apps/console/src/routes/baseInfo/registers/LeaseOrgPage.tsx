import { LEASE_ORG_REGISTER } from "@tsp/domain";
import { RegisterPage, type RegisterScreen } from "./RegisterPage";
import "../../../i18n/screens/registers";

/** 租赁机构管理 (/baseInfo/leaseOrg): the lease organisations, by keyword and status. */
const LEASE_ORGS: RegisterScreen = {
  def: LEASE_ORG_REGISTER,
  base: "leaseOrg",
  ops: {
    create: "createLeaseOrg",
    update: "updateLeaseOrg",
    delete: "deleteLeaseOrg",
    export: "exportLeaseOrgs",
    import: "importLeaseOrgs",
  },
  filters: ["status"],
  tones: { active: "green", disabled: "gray" },
};

export default function LeaseOrgPage() {
  return <RegisterPage screen={LEASE_ORGS} />;
}
