export * from "./reliability";
