import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The JT/T 808 frames of two independent implementations (SmallChi/JT808 and
 * yezhihao/jt808-server), read from the domain's copy (`jt808/testFrames.ts`, which names each
 * source file) so there is one copy in the repository: the file's `export const NAME = "hex"`
 * constants as bytes, by name. Tests only.
 */
export const jt808Vectors: ReadonlyMap<string, Uint8Array> = (() => {
  const text = readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../packages/domain/src/jt808/testFrames.ts"),
    "utf8",
  );
  const out = new Map<string, Uint8Array>();
  for (const m of text.matchAll(/export const (\w+) =\s*"([0-9A-Fa-f\s]+)";/g)) {
    const hex = (m[2] as string).replace(/\s+/g, "");
    out.set(
      m[1] as string,
      Uint8Array.from({ length: hex.length / 2 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)),
    );
  }
  return out;
})();

/** One vector by name (throws when the domain's file no longer has it). */
export function jt808Vector(name: string): Uint8Array {
  const v = jt808Vectors.get(name);
  if (!v) throw new Error(`no JT/T 808 vector ${name}`);
  return v;
}
