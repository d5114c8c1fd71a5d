// Dealers and service stations of base information › 经销商信息 / 服务站信息 (issue 20): values, labels, rules.
export * from "./dealer";
export * from "./outlet";
export * from "./serviceStation";
