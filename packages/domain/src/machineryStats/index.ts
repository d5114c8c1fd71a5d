export * from "./farmStats";
