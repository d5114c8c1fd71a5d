import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { writeStoredZip, type ZipEntry } from "./zip";

const dir = await mkdtemp(path.join(os.tmpdir(), "zip-test-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function* entries(list: ZipEntry[]): AsyncIterable<ZipEntry> {
  yield* list;
}

describe("writeStoredZip", () => {
  it("writes stored entries a zip reader gets back byte for byte, UTF-8 names, China-time stamps", async () => {
    const file = path.join(dir, "a.zip");
    const photo = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7) & 0xff);
    // 2026-11-24 16:30:10 UTC is 2026-11-25 00:30:10 in China: the DOS stamp shows the China day.
    const at = Date.UTC(2026, 10, 24, 16, 30, 10);
    const seen: number[] = [];
    const count = await writeStoredZip(
      file,
      entries([
        { name: "LFV2A_照片_1.jpg", data: photo, modifiedAt: at },
        { name: "b.jpg", data: new Uint8Array([1, 2, 3]), modifiedAt: at },
      ]),
      async (n) => {
        seen.push(n);
      },
    );
    expect(count).toBe(2);
    expect(seen).toEqual([1, 2]);
    const bytes = new Uint8Array(await readFile(file));
    const out = unzipSync(bytes);
    expect(Object.keys(out)).toEqual(["LFV2A_照片_1.jpg", "b.jpg"]);
    expect(Buffer.from(out["LFV2A_照片_1.jpg"] as Uint8Array).equals(Buffer.from(photo))).toBe(true);
    expect([...(out["b.jpg"] as Uint8Array)]).toEqual([1, 2, 3]);
    // First local header: method 0 (stored), DOS time and date of 2026-11-25 00:30:10.
    const view = Buffer.from(bytes);
    expect(view.readUInt32LE(0)).toBe(0x04034b50);
    expect(view.readUInt16LE(8)).toBe(0);
    expect(view.readUInt16LE(10)).toBe((0 << 11) | (30 << 5) | (10 >> 1));
    expect(view.readUInt16LE(12)).toBe(((2026 - 1980) << 9) | (11 << 5) | 25);
  });

  it("writes an empty archive when there is nothing to pack", async () => {
    const file = path.join(dir, "empty.zip");
    expect(await writeStoredZip(file, entries([]))).toBe(0);
    expect(Object.keys(unzipSync(new Uint8Array(await readFile(file))))).toEqual([]);
  });
});
