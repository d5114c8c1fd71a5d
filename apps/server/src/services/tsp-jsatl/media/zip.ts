import { open } from "node:fs/promises";
import { CHINA_UTC_OFFSET_MS as CHINA_OFFSET_MS } from "@tsp/domain";
import { Zip, ZipPassThrough } from "fflate";

/** One file of a .zip: its name (UTF-8) and bytes. */
export interface ZipEntry {
  readonly name: string;
  readonly data: Uint8Array;
  /** Modification time (epoch ms); the archive shows it in China time (see `writeStoredZip`). */
  readonly modifiedAt: number;
}

/**
 * Writes a .zip of stored (uncompressed) entries at `path` with fflate's streaming writer, one
 * entry at a time, so memory holds one file: photos are JPEG, which deflate does not shrink.
 *
 * A zip entry's time is a DOS date and time without a zone, and fflate reads it from the Date's
 * local fields: the instant is shifted so that, on a server in any zone, the local fields are
 * the operators' China time — what 机械原始照片库 shows beside each photo.
 */
export async function writeStoredZip(
  path: string,
  entries: AsyncIterable<ZipEntry>,
  onEntry?: (count: number) => Promise<void>,
): Promise<number> {
  const file = await open(path, "w");
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  // fflate calls back synchronously while an entry is pushed; the chunks are written after it.
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });
  const flush = async () => {
    if (failure) throw failure;
    for (const chunk of pending.splice(0)) await file.write(chunk);
  };
  let count = 0;
  try {
    for await (const e of entries) {
      const entry = new ZipPassThrough(e.name);
      const local = new Date(e.modifiedAt + CHINA_OFFSET_MS);
      entry.mtime = new Date(local.getTime() + local.getTimezoneOffset() * 60_000);
      zip.add(entry);
      entry.push(e.data, true);
      await flush();
      count++;
      await onEntry?.(count);
    }
    zip.end();
    await flush();
  } finally {
    await file.close();
  }
  return count;
}
