export * from "./registration";
