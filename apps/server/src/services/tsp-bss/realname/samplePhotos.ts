import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { deflateSync } from "node:zlib";
import { REALNAME_PHOTO_KINDS, type RealnamePhotoKind } from "@tsp/domain";
import type { AppContext } from "../../../context";

/**
 * The demo records' photos: one drawn placeholder per kind (a card outline with a photo box
 * and text lines — never a real person's document), stored as private objects like uploads.
 */
export const samplePhotoKey = (kind: RealnamePhotoKind) => `realname-sample-${kind}.png`;

const W = 320;
const H = 200;
type Rgb = readonly [number, number, number];
const COLOURS: Record<RealnamePhotoKind, Rgb> = {
  idFront: [220, 235, 250],
  idBack: [250, 240, 215],
  holder: [225, 245, 225],
  licence: [245, 228, 228],
};

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A W×H RGB PNG: the kind's colour, a darker border, a photo box and five text lines. */
export function samplePhotoPng(kind: RealnamePhotoKind): Buffer {
  const [r, g, b] = COLOURS[kind];
  const dark: Rgb = [Math.round(r * 0.55), Math.round(g * 0.55), Math.round(b * 0.55)];
  const inBox = (x: number, y: number) =>
    kind === "idBack" ? x > 24 && x < 84 && y > 24 && y < 84 : x > 220 && x < 296 && y > 40 && y < 140;
  const onLine = (x: number, y: number) =>
    x > 24 && x < (kind === "idBack" ? 296 : 200) && (y - 100) % 18 < 6 && y > 100 && y < 186;
  const raw = Buffer.alloc((W * 3 + 1) * H);
  for (let y = 0; y < H; y++) {
    raw[y * (W * 3 + 1)] = 0; // filter: none
    for (let x = 0; x < W; x++) {
      const border = x < 4 || y < 4 || x >= W - 4 || y >= H - 4;
      const [pr, pg, pb] = border || inBox(x, y) || onLine(x, y) ? dark : [r, g, b];
      const at = y * (W * 3 + 1) + 1 + x * 3;
      raw[at] = pr;
      raw[at + 1] = pg;
      raw[at + 2] = pb;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Puts the sample photos into the object store once (at start, after the seed: the seed has
 * no object store), private like every real-name upload. Existing ones are left alone.
 */
export async function ensureSamplePhotos(ctx: Pick<AppContext, "db" | "objects" | "now">): Promise<void> {
  for (const kind of REALNAME_PHOTO_KINDS) {
    const key = samplePhotoKey(kind);
    if ((await ctx.objects.size(key)) !== null) continue;
    const png = samplePhotoPng(kind);
    await ctx.objects.writeAtomic(key, (temp) => writeFile(temp, png));
    const row = {
      content_type: "image/png",
      size: png.length,
      md5: createHash("md5").update(png).digest("hex"),
      acl: "private" as const,
      created_at: ctx.now(),
    };
    await ctx.db
      .insertInto("object_meta")
      .values({ object_key: key, ...row })
      .onConflict((oc) => oc.column("object_key").doUpdateSet(row))
      .execute();
  }
}
