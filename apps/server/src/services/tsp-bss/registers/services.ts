import {
  ECONOMIC_SPEED_REGISTER,
  FINANCE_ORG_REGISTER,
  GEARBOX_REGISTER,
  LEASE_ORG_REGISTER,
  msgOrgDeleteActive,
  msgOrgDeleteNamed,
  type RegisterValues,
} from "@tsp/domain";
import type { RegisterService } from "./register";

/** An organisation in cooperation may be named by loans or lease contracts: it is retired (disabled) first. */
const retiredFirst = (noun: string) => (row: RegisterValues) =>
  row.status === "active" ? msgOrgDeleteActive(noun) : null;

/**
 * The registers the server keeps, each a declaration of @tsp/domain, its table (migration
 * tsp-bss:0020_registers) and its calls (openapi tsp-bss, one tag each). Gearbox models and
 * economic bands are reference data nothing stores a reference to, so their delete is not
 * refused; organisations in cooperation are (x-designed, said in their delete operations).
 */
export const REGISTER_SERVICES: readonly RegisterService[] = [
  {
    def: GEARBOX_REGISTER,
    table: "bss_gearbox",
    filters: ["gearboxType"],
    ops: {
      list: "listGearboxes",
      get: "getGearbox",
      create: "createGearbox",
      update: "updateGearbox",
      delete: "deleteGearbox",
      export: "exportGearboxes",
      import: "importGearboxes",
      template: "downloadGearboxTemplate",
    },
  },
  {
    def: FINANCE_ORG_REGISTER,
    table: "bss_finance_org",
    filters: ["kind", "status"],
    refuseDelete: retiredFirst(FINANCE_ORG_REGISTER.noun),
    // A retired organisation still named by a loan keeps its row: the loan shows its name.
    usedBy: [
      {
        table: "bss_loan",
        column: "finance_org_code",
        msg: (n) => msgOrgDeleteNamed(FINANCE_ORG_REGISTER.noun, n, "贷款"),
      },
    ],
    ops: {
      list: "listFinanceOrgs",
      get: "getFinanceOrg",
      create: "createFinanceOrg",
      update: "updateFinanceOrg",
      delete: "deleteFinanceOrg",
      export: "exportFinanceOrgs",
      import: "importFinanceOrgs",
      template: "downloadFinanceOrgTemplate",
    },
  },
  {
    def: LEASE_ORG_REGISTER,
    table: "bss_lease_org",
    filters: ["status"],
    refuseDelete: retiredFirst(LEASE_ORG_REGISTER.noun),
    // A retired organisation still named by a contract keeps its row: the contract shows its name.
    usedBy: [
      {
        table: "bss_lease_contract",
        column: "lease_org_code",
        msg: (n) => msgOrgDeleteNamed(LEASE_ORG_REGISTER.noun, n, "租赁合同"),
      },
    ],
    ops: {
      list: "listLeaseOrgs",
      get: "getLeaseOrg",
      create: "createLeaseOrg",
      update: "updateLeaseOrg",
      delete: "deleteLeaseOrg",
      export: "exportLeaseOrgs",
      import: "importLeaseOrgs",
      template: "downloadLeaseOrgTemplate",
    },
  },
  {
    def: ECONOMIC_SPEED_REGISTER,
    table: "bss_economic_speed",
    filters: [],
    ops: {
      list: "listEconomicSpeeds",
      get: "getEconomicSpeed",
      create: "createEconomicSpeed",
      update: "updateEconomicSpeed",
      delete: "deleteEconomicSpeed",
      export: "exportEconomicSpeeds",
      import: "importEconomicSpeeds",
      template: "downloadEconomicSpeedTemplate",
    },
  },
];
