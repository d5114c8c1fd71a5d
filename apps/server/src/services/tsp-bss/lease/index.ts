import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0030 from "./0030_lease_contract";
import {
  createLeaseContract,
  deleteLeaseContract,
  getLeaseContract,
  renewLeaseContract,
  returnLeaseContract,
  updateLeaseContract,
} from "./edit";
import { exportLeaseContracts, leaseExporter } from "./export";
import { importLeaseContracts } from "./importLeases";
import { listLeaseContracts } from "./list";
import { exportLeaseRentalReport, getLeaseRentalReport, rentalExporter } from "./rentalReport";
import {
  exportLeaseBuyReport,
  exportLeaseHistoryReport,
  exportLeaseOperationReport,
  getLeaseBuyReport,
  getLeaseHistoryReport,
  getLeaseOperationReport,
  reportExporters,
} from "./reports";
import { seedLeaseContracts } from "./seed";
import { downloadLeaseContractTemplate } from "./template";

const handlers = {
  listLeaseContracts,
  getLeaseContract,
  createLeaseContract,
  updateLeaseContract,
  returnLeaseContract,
  renewLeaseContract,
  deleteLeaseContract,
  exportLeaseContracts,
  importLeaseContracts,
  downloadLeaseContractTemplate,
  getLeaseRentalReport,
  exportLeaseRentalReport,
  getLeaseBuyReport,
  exportLeaseBuyReport,
  getLeaseOperationReport,
  exportLeaseOperationReport,
  getLeaseHistoryReport,
  exportLeaseHistoryReport,
} satisfies HandlerTable;

/**
 * tsp-bss's lease management (租赁管理, /lease/*): lease contracts per vehicle (租赁车辆管理:
 * list, detail with history, create, edit with optimistic concurrency, 退租, 续租, delete of a
 * contract not started, import all-or-nothing with a per-row report, template, export) and the
 * four reports computed from them, the retail sales and the login journal with SQL. Rules from @tsp/domain `lease/`.
 */
export const tspBssLease: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0030_lease_contract": m0030 },
  handlers,
  exporters: { exportLeaseContracts: leaseExporter, exportLeaseRentalReport: rentalExporter, ...reportExporters },
  seed: seedLeaseContracts,
};
