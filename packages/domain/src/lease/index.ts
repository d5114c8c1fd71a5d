// 租赁管理 (issue 20): lease contracts per vehicle and the lease reports' figures.
export * from "./leaseContract";
export * from "./leaseReport";
export * from "./loan";
