export * from "./remind";
export * from "./service";
