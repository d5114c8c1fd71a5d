export * from "./machineState";
export * from "./onlineTime";
