export * from "./episodes";
export * from "./notify";
