import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SECURITY_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../SECURITY.md");
const START = "<!-- soak:start -->";
const END = "<!-- soak:end -->";

/**
 * Replaces the measured block of SECURITY.md (between the soak markers) with `lines`, so the
 * document always shows the figures of the last `npm run soak`.
 */
export async function writeSoakFigures(lines: string[]): Promise<void> {
  const text = await readFile(SECURITY_MD, "utf8");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end === -1 || end < start) throw new Error(`SECURITY.md has no ${START} … ${END} block`);
  const block = `${START}\n${lines.join("\n")}\n${END}`;
  await writeFile(SECURITY_MD, text.slice(0, start) + block + text.slice(end + END.length));
}
