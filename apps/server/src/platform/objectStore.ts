import { randomBytes } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Longest object key accepted. */
export const MAX_KEY_LENGTH = 512;

/**
 * Why a key is refused, or null when it is safe: no `..` or empty segments, no absolute
 * paths, no backslashes, no control characters (they would escape the folder or forge
 * headers).
 */
export function keyProblem(key: string): string | null {
  if (key.length === 0) return "对象键不能为空";
  if (key.length > MAX_KEY_LENGTH) return `对象键长度不能超过${MAX_KEY_LENGTH}`;
  if ([...key].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return "对象键不能包含控制字符";
  if (key.includes("\\")) return "对象键不能包含反斜杠";
  if (key.startsWith("/") || /^[A-Za-z]:/.test(key)) return "对象键不能是绝对路径";
  if (key.split("/").some((s) => s === ".." || s === "." || s === "")) return "对象键不能包含 .. 或空路径段";
  return null;
}

/**
 * Files stored by key under one folder (`DATA_DIR/objects`). Writes go to a temporary name
 * and are renamed into place, so a reader never sees a half-written object.
 */
export class ObjectStore {
  constructor(readonly root: string) {}

  /** The file of a key; throws on an unsafe key (callers check `keyProblem` first). */
  pathOf(key: string): string {
    const problem = keyProblem(key);
    if (problem) throw new Error(problem);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error("对象键越出存储目录");
    return full;
  }

  /**
   * Writes an object: `write` fills a temporary file next to the final one; only when it
   * resolves is the file renamed to the key. On failure the temporary file is removed.
   */
  async writeAtomic(key: string, write: (tempPath: string) => Promise<void>): Promise<{ size: number }> {
    const final = this.pathOf(key);
    await mkdir(path.dirname(final), { recursive: true });
    const temp = `${final}.${randomBytes(6).toString("hex")}.partial`;
    try {
      await write(temp);
      const { size } = await stat(temp);
      await rename(temp, final);
      return { size };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** Size of a stored object, or null when absent. */
  async size(key: string): Promise<number | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? s.size : null;
    } catch {
      return null;
    }
  }

  read(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
