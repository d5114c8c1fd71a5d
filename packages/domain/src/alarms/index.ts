export * from "./handling";
