import { FINANCE_ORG_REGISTER } from "@tsp/domain";
import { financeOrgOptions } from "../../../api/registers";
import { RegisterPage, type RegisterScreen } from "./RegisterPage";
import "../../../i18n/screens/registers";

/**
 * 金融机构管理 (/baseInfo/financialInstitution): lenders against vehicles, found by the
 * getfinanceOrgList picker (those in cooperation) or by kind and status.
 */
const FINANCE_ORGS: RegisterScreen = {
  def: FINANCE_ORG_REGISTER,
  base: "financeOrg",
  ops: {
    create: "createFinanceOrg",
    update: "updateFinanceOrg",
    delete: "deleteFinanceOrg",
    export: "exportFinanceOrgs",
    import: "importFinanceOrgs",
  },
  filters: ["kind", "status"],
  tones: { active: "green", disabled: "gray", bank: "blue", autoFinance: "green", leasing: "amber" },
  picker: financeOrgOptions,
};

export default function FinancialInstitutionPage() {
  return <RegisterPage screen={FINANCE_ORGS} />;
}
