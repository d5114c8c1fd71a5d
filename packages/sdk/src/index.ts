export { createTspClient, type TspClientOptions } from "./client";
