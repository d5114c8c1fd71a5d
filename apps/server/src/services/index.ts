import type { ServiceModule } from "./types";

/**
 * Every service module of the reference server, in seed order. Add a module here to plug
 * it in (apps/server/README.md "Service modules").
 */
export const serviceModules: readonly ServiceModule[] = [];
