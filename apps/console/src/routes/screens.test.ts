import { describe, expect, it } from "vitest";
import { BUILT_SCREEN_PATHS } from "./builtScreens";
import { ChunkLoadError, SCREENS, withChunkTimeout } from "./screens";

/** A chunk request that never answers. */
const never = () => new Promise<string>(() => {});

describe("lazy screen chunks (spec §8: a chunk load failure after 120 s)", () => {
  it("a chunk that loads passes through", async () => {
    await expect(withChunkTimeout(async () => "screen", 50)()).resolves.toBe("screen");
  });
  it("a chunk that does not arrive in time is a load error", async () => {
    await expect(withChunkTimeout(never, 20)()).rejects.toBeInstanceOf(ChunkLoadError);
  });
  it("a chunk that fails is a load error carrying the cause", async () => {
    const cause = new TypeError("Failed to fetch dynamically imported module");
    const error = await withChunkTimeout(() => Promise.reject(cause), 50)().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).cause).toBe(cause);
  });
});

describe("the list of built screens", () => {
  it("is exactly the screens that load (the browser suite audits each of them)", () => {
    expect(Object.keys(SCREENS).toSorted()).toEqual([...BUILT_SCREEN_PATHS].toSorted());
  });
});
