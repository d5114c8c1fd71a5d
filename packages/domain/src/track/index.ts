export * from "./track";
