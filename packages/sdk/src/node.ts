/**
 * `@tsp/sdk/node`: what only Node can do, kept out of the main entry so browser bundles never
 * see `node:fs`.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { TokenStore } from "./tokens";

/**
 * A token kept in a file (mode 0600), so a long-lived tool or several script runs share one
 * sign-in. The file holds the bare token; a missing file means no token.
 */
export function fileTokenStore(path: string): TokenStore {
  return {
    async get() {
      try {
        return (await readFile(path, "utf8")).trim() || null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async set(token) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, token, { mode: 0o600 });
    },
    async clear() {
      await rm(path, { force: true });
    },
  };
}
