import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keyProblem, ObjectStore } from "./objectStore";

describe("object keys", () => {
  it("accepts ordinary keys and refuses traversal, absolute paths, backslashes and control characters", () => {
    expect(keyProblem("exports/1/abc.xlsx")).toBeNull();
    expect(keyProblem("9e107d9d372bb6826bd81d3542a419d6.jpg")).toBeNull();
    for (const bad of [
      "",
      "..",
      "a/../b",
      "/etc/passwd",
      "C:evil",
      "a\\b",
      "a\u0000b",
      "a\nb",
      "a//b",
      "./a",
      "x".repeat(513),
    ]) {
      expect(keyProblem(bad), JSON.stringify(bad)).not.toBeNull();
    }
  });
});

describe("ObjectStore.writeAtomic", () => {
  it("renames into place only when the write completes; a failed write leaves nothing behind", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "objects-test-"));
    const store = new ObjectStore(root);
    await expect(
      store.writeAtomic("exports/broken.xlsx", async (temp) => {
        const { writeFile } = await import("node:fs/promises");
        await writeFile(temp, "half");
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
    expect(readdirSync(path.join(root, "exports"))).toEqual([]);
    const { size } = await store.writeAtomic("exports/ok.xlsx", async (temp) => {
      const { writeFile } = await import("node:fs/promises");
      await writeFile(temp, "whole");
    });
    expect(size).toBe(5);
    expect(await store.size("exports/ok.xlsx")).toBe(5);
    expect(() => store.pathOf("../outside")).toThrow();
  });
});
