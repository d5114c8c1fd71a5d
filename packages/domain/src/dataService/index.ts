// 数据服务 (issue 20): the fault-code dictionary, CAN signals and the DBC reader.
export * from "./canSignal";
export * from "./content";
export * from "./dbc";
export * from "./dictionary";
export * from "./faultCode";
export * from "./infoSystem";
