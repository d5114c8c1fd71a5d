import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0031 from "./0031_loan";
import {
  createLoan,
  getLoan,
  recordLoanRepayment,
  requestLoanRestriction,
  reviewLoanRestriction,
  updateLoan,
} from "./edit";
import { importLoans } from "./importLoans";
import { downloadLoanTemplate, exportLoans, listLoans, loanExporter } from "./list";
import { seedLoans } from "./seed";

const handlers = {
  listLoans,
  getLoan,
  createLoan,
  updateLoan,
  recordLoanRepayment,
  requestLoanRestriction,
  reviewLoanRestriction,
  exportLoans,
  importLoans,
  downloadLoanTemplate,
} satisfies HandlerTable;

/**
 * tsp-bss's 金融管理 (/finance/index): loans against the tenant's vehicles with the finance
 * organisations — list, detail with history, create, edit, 登记还款, the lender's
 * remote-restriction request and its review (recorded; the vehicle command is a later issue),
 * import all or nothing, template, export. Rules from @tsp/domain `lease/loan.ts`.
 */
export const tspBssLoan: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0031_loan": m0031 },
  handlers,
  exporters: { exportLoans: loanExporter },
  seed: seedLoans,
};
