export * from "./batch";
export * from "./template";
