export * from "./groups";
