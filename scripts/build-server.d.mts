// Types of scripts/build-server.mjs for the TypeScript tests that build and start the bundle.
/** apps/server/dist/server/main.mjs */
export const SERVER_BUNDLE: string;
/** The folders the bundle (and the documents' JSON) is made from. */
export const SERVER_SOURCES: string[];
/** True when the bundle is missing or older than a source file. */
export function serverBundleStale(): boolean;
/** Builds the bundle (chunks, source maps, dist/openapi.json), each file renamed into place. */
export function buildServer(): Promise<void>;
/** The module standing in for a CommonJS package in the bundle: loads it on first use (issue 21). */
export function lazyModule(name: string): string;
