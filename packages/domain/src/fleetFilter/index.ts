export * from "./fleetFilter";
