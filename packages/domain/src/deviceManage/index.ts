export * from "./deviceChange";
export * from "./vinCheck";
