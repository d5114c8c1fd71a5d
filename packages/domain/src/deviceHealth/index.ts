export * from "./faults";
export * from "./handling";
