import { createMD5 } from "hash-wasm";

const CHUNK = 4 * 1024 * 1024;

/**
 * MD5 of a file as lower-case hex (the default object key, spec §5), hashed in 4 MB slices so
 * a large video never sits in memory twice.
 */
export async function fileMd5(file: Blob): Promise<string> {
  const md5 = await createMD5();
  md5.init();
  for (let at = 0; at < file.size; at += CHUNK) {
    md5.update(new Uint8Array(await file.slice(at, at + CHUNK).arrayBuffer()));
  }
  return md5.digest("hex");
}
