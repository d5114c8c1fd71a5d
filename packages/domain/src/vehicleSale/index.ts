// Retail sales of base information › 实销车辆 (issue 20): values and rules.
export * from "./vehicleSaleEdit";
