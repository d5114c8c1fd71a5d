import { bIamAccount } from "./b-iam-account";
import { commIncCenter } from "./comm-inc-center";
import { objectStore } from "./object-store";
import { tspHbaseProxy } from "./tsp-hbase-proxy";
import type { ServiceModule } from "./types";

/**
 * Every service module of the reference server, in seed order. Add a module here to plug
 * it in (apps/server/README.md "Service modules").
 */
export const serviceModules: readonly ServiceModule[] = [bIamAccount, commIncCenter, tspHbaseProxy, objectStore];
