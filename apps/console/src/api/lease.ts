import { download, type TspBss } from "@tsp/sdk";
import type { ImportReport, SelectOption } from "@tsp/ui";
import type { ListImport } from "../kit/ListPage";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 租赁管理 (/lease/*): lease contracts (tsp-bss.yaml, tag leaseContract), the lease reports
// (tag leaseReport) and the lease organisations they name (租赁机构管理).

type Schemas = TspBss.components["schemas"];
/** An organisation of a register as a select option (code, name). */
const option = (o: { code: string; name: string }): SelectOption => ({ value: o.code, label: o.name });
export type LeaseRecord = Schemas["LeaseContractRecord"];
export type LeaseDetail = Schemas["LeaseContractDetail"];
export type LeasePage = Schemas["LeaseContractPage"];
export type LeaseEdit = Schemas["LeaseContractEdit"];
export type LeaseUpdate = Schemas["LeaseContractUpdate"];
export type LeaseRenew = Schemas["LeaseContractRenew"];
export type RentalReport = Schemas["LeaseRentalReport"];
export type LeaseQuery = NonNullable<TspBss.operations["listLeaseContracts"]["parameters"]["query"]>;
export type LeaseFilters = Omit<LeaseQuery, "pageNum" | "pageSize">;
export type RentalQuery = TspBss.operations["getLeaseRentalReport"]["parameters"]["query"];

export async function listLeaseContracts(query: LeaseQuery, signal?: AbortSignal): Promise<LeasePage> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/leaseContract/list", signal ? { params, signal } : { params }));
}

/** One contract with the lessee in full and its history (the edit form and the detail start from it). */
export async function getLeaseContract(contractNo: string): Promise<LeaseDetail> {
  return dataOf(await sdk().GET("/tsp-bss/leaseContract/detail", { params: { query: { contractNo } } }));
}

export async function createLeaseContract(body: LeaseEdit): Promise<LeaseRecord> {
  return dataOf(await sdk().POST("/tsp-bss/leaseContract/create", { body }));
}

export async function updateLeaseContract(body: LeaseUpdate): Promise<LeaseRecord> {
  return dataOf(await sdk().POST("/tsp-bss/leaseContract/update", { body }));
}

/** 退租 on a day with the reason (kept in the history). */
export async function returnLeaseContract(body: {
  contractNo: string;
  returnDate: string;
  reason: string;
  updatedAt: number;
}): Promise<LeaseRecord> {
  return dataOf(await sdk().POST("/tsp-bss/leaseContract/return", { body }));
}

/** 续租: the new contract. */
export async function renewLeaseContract(body: LeaseRenew): Promise<LeaseRecord> {
  return dataOf(await sdk().POST("/tsp-bss/leaseContract/renew", { body }));
}

export async function deleteLeaseContract(contractNo: string, updatedAt: number): Promise<void> {
  await sdk().POST("/tsp-bss/leaseContract/delete", { body: { contractNo, updatedAt } });
}

export async function exportLeaseContracts(query: LeaseFilters) {
  return dataOf(await sdk().POST("/tsp-bss/leaseContract/export", { params: { query } }));
}

export async function importLeaseContracts(file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().POST("/tsp-bss/leaseContract/import", {
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return dataOf(result);
}

export async function downloadLeaseContractTemplate(): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/tsp-bss/leaseContract/import/template");
  return { blob: file.blob, fileName: file.fileName };
}

/** The contracts import as the list offers it (all or nothing; a contract is never overwritten). */
export const leaseImport: Omit<ListImport, "title"> = {
  op: "importLeaseContracts",
  template: downloadLeaseContractTemplate,
  importFile: (file) => importLeaseContracts(file),
};

/** The caller's lease organisations (租赁机构管理), every status: the filter; the form offers those in cooperation. */
export async function leaseOrgs(): Promise<{ all: SelectOption[]; active: SelectOption[] }> {
  const page = dataOf(await sdk().GET("/tsp-bss/leaseOrg/list", { params: { query: { pageNum: 1, pageSize: 200 } } }));
  const rows = page.list;
  return { all: rows.map(option), active: rows.filter((o) => o.status === "active").map(option) };
}

export async function getLeaseRentalReport(query: RentalQuery, signal?: AbortSignal): Promise<RentalReport> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/leaseReport/rental", signal ? { params, signal } : { params }));
}

export async function exportLeaseRentalReport(query: RentalQuery) {
  return dataOf(await sdk().POST("/tsp-bss/leaseReport/rental/export", { params: { query } }));
}

// 金融管理 (/finance/index): loans against vehicles (tsp-bss.yaml, tag loan).
export type LoanRecord = Schemas["LoanRecord"];
export type LoanDetail = Schemas["LoanDetail"];
export type LoanPage = Schemas["LoanPage"];
export type LoanEdit = Schemas["LoanEdit"];
export type LoanUpdate = Schemas["LoanUpdate"];
export type LoanQuery = NonNullable<TspBss.operations["listLoans"]["parameters"]["query"]>;
export type LoanFilters = Omit<LoanQuery, "pageNum" | "pageSize">;

export async function listLoans(query: LoanQuery, signal?: AbortSignal): Promise<LoanPage> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/loan/list", signal ? { params, signal } : { params }));
}
export async function getLoan(loanNo: string): Promise<LoanDetail> {
  return dataOf(await sdk().GET("/tsp-bss/loan/detail", { params: { query: { loanNo } } }));
}
export async function createLoan(body: LoanEdit): Promise<LoanRecord> {
  return dataOf(await sdk().POST("/tsp-bss/loan/create", { body }));
}
export async function updateLoan(body: LoanUpdate): Promise<LoanRecord> {
  return dataOf(await sdk().POST("/tsp-bss/loan/update", { body }));
}
export async function recordLoanRepayment(
  loanNo: string,
  repaidPeriods: number,
  updatedAt: number,
): Promise<LoanRecord> {
  return dataOf(await sdk().POST("/tsp-bss/loan/repay", { body: { loanNo, repaidPeriods, updatedAt } }));
}
export async function requestLoanRestriction(loanNo: string, reason: string, updatedAt: number): Promise<LoanRecord> {
  return dataOf(await sdk().POST("/tsp-bss/loan/restrict", { body: { loanNo, reason, updatedAt } }));
}
export async function reviewLoanRestriction(body: {
  loanNo: string;
  decision: "execute" | "reject";
  note: string | null;
  updatedAt: number;
}): Promise<LoanRecord> {
  return dataOf(await sdk().POST("/tsp-bss/loan/restrict/review", { body }));
}
export async function exportLoans(query: LoanFilters) {
  return dataOf(await sdk().POST("/tsp-bss/loan/export", { params: { query } }));
}
export async function importLoans(file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().POST("/tsp-bss/loan/import", {
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return dataOf(result);
}
export async function downloadLoanTemplate(): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/tsp-bss/loan/import/template");
  return { blob: file.blob, fileName: file.fileName };
}
export const loanImport: Omit<ListImport, "title"> = {
  op: "importLoans",
  template: downloadLoanTemplate,
  importFile: (file) => importLoans(file),
};
/** The caller's finance organisations (金融机构管理): every one for the filter, those in cooperation for a new loan. */
export async function financeOrgs(): Promise<{ all: SelectOption[]; active: SelectOption[] }> {
  const page = dataOf(
    await sdk().GET("/tsp-bss/financeOrg/list", { params: { query: { pageNum: 1, pageSize: 200 } } }),
  );
  return { all: page.list.map(option), active: page.list.filter((o) => o.status === "active").map(option) };
}

/** A lease report's figures per month (getLeaseBuyReport / getLeaseOperationReport / getLeaseHistoryReport). */
export type ReportTable = Schemas["LeaseReportTable"];
export const getLeaseBuyReport = async (query: RentalQuery, signal?: AbortSignal): Promise<ReportTable> =>
  dataOf(await sdk().GET("/tsp-bss/leaseReport/buy", signal ? { params: { query }, signal } : { params: { query } }));
export const getLeaseOperationReport = async (query: RentalQuery, signal?: AbortSignal): Promise<ReportTable> =>
  dataOf(
    await sdk().GET("/tsp-bss/leaseReport/operation", signal ? { params: { query }, signal } : { params: { query } }),
  );
export const getLeaseHistoryReport = async (query: RentalQuery, signal?: AbortSignal): Promise<ReportTable> =>
  dataOf(
    await sdk().GET("/tsp-bss/leaseReport/history", signal ? { params: { query }, signal } : { params: { query } }),
  );
export const exportLeaseBuyReport = async (query: RentalQuery) =>
  dataOf(await sdk().POST("/tsp-bss/leaseReport/buy/export", { params: { query } }));
export const exportLeaseOperationReport = async (query: RentalQuery) =>
  dataOf(await sdk().POST("/tsp-bss/leaseReport/operation/export", { params: { query } }));
export const exportLeaseHistoryReport = async (query: RentalQuery) =>
  dataOf(await sdk().POST("/tsp-bss/leaseReport/history/export", { params: { query } }));
