import { open } from "node:fs/promises";
import { crc32 } from "node:zlib";

/** One file of a .zip: its name (UTF-8) and bytes. */
export interface ZipEntry {
  readonly name: string;
  readonly data: Uint8Array;
  /** Modification time (epoch ms), written as DOS date and time in China time. */
  readonly modifiedAt: number;
}

/** DOS time and date words of an instant in UTC+8 (the operators' clock). */
function dosTime(ms: number): { time: number; date: number } {
  const d = new Date(ms + 8 * 3600_000);
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/**
 * Writes a .zip of stored (uncompressed) entries at `path`, one entry at a time so memory holds
 * one file: local header + data per entry, then the central directory and its end record
 * (APPNOTE 6.3 §4.3; UTF-8 names flagged by bit 11). Photos are JPEG, which deflate does not
 * shrink; no zip library is a dependency of the server. Fewer than 65,535 entries and 4 GiB.
 */
export async function writeStoredZip(
  path: string,
  entries: AsyncIterable<ZipEntry>,
  onEntry?: (count: number) => Promise<void>,
): Promise<number> {
  const file = await open(path, "w");
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  try {
    for await (const e of entries) {
      const name = Buffer.from(e.name, "utf8");
      const crc = crc32(e.data);
      const { time, date } = dosTime(e.modifiedAt);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4); // version needed: 2.0
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(0, 8); // stored
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(e.data.length, 18);
      local.writeUInt32LE(e.data.length, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      await file.write(Buffer.concat([local, name]));
      await file.write(e.data);
      const dir = Buffer.alloc(46);
      dir.writeUInt32LE(0x02014b50, 0);
      dir.writeUInt16LE(20, 4); // made by
      dir.writeUInt16LE(20, 6);
      dir.writeUInt16LE(0x0800, 8);
      dir.writeUInt16LE(0, 10);
      dir.writeUInt16LE(time, 12);
      dir.writeUInt16LE(date, 14);
      dir.writeUInt32LE(crc, 16);
      dir.writeUInt32LE(e.data.length, 20);
      dir.writeUInt32LE(e.data.length, 24);
      dir.writeUInt16LE(name.length, 28);
      dir.writeUInt32LE(offset, 42);
      central.push(dir, name);
      offset += 30 + name.length + e.data.length;
      count++;
      await onEntry?.(count);
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    await file.write(Buffer.concat([directory, end]));
  } finally {
    await file.close();
  }
  return count;
}
