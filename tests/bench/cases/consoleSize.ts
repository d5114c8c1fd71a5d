import { buildConsole, measureConsole } from "../lib/console";
import { round } from "../lib/stats";
import type { CaseResult } from "../lib/types";

const KB = 1024;

/** Console: JavaScript loaded before the first screen (gzip), lazy chunks listed apart. */
export async function consoleSizeCase(distDir: string): Promise<CaseResult> {
  const sizes = await measureConsole(distDir);
  const initialGzip = sizes.initial.reduce((a, c) => a + c.gzip, 0);
  const lazyGzip = sizes.lazy.reduce((a, c) => a + c.gzip, 0);
  const heavyLazy = Object.keys(sizes.heavyInLazy);
  const heavyOk = sizes.heavyInInitial.length === 0;
  return {
    figures: [
      {
        case: "console: JavaScript before the first screen",
        figure: "gzip of the entry, its static imports and modulepreloads",
        value: round(initialGzip / KB),
        unit: "KB",
        target: "≤ 150 KB",
        pass: initialGzip <= 150 * KB,
        size: `${sizes.initial.length} files (${round(sizes.initial.reduce((a, c) => a + c.bytes, 0) / KB)} KB raw)`,
        note: `CSS ${round(sizes.css.reduce((a, c) => a + c.gzip, 0) / KB)} KB gzip; lazy chunks: ${sizes.lazy.length}, ${round(lazyGzip / KB)} KB gzip in all`,
      },
      {
        case: "console: JavaScript before the first screen",
        figure: "map, chart, editor libraries kept out of the first screen",
        value: sizes.heavyInInitial.length,
        unit: "in first screen",
        target: "0 (map, chart, editor in lazy chunks)",
        pass: heavyOk,
        size: "source maps of every chunk",
        note: heavyOk
          ? `lazy: ${heavyLazy.map((h) => `${h} → ${(sizes.heavyInLazy[h] ?? []).join(", ")}`).join("; ") || "none of them is in the build yet"}`
          : `in the first screen: ${sizes.heavyInInitial.join(", ")}`,
      },
    ],
    details: {
      console: {
        initial: sizes.initial.map((c) => ({ file: c.file, gzipKb: round(c.gzip / KB) })),
        lazy: sizes.lazy.map((c) => ({ file: c.file, gzipKb: round(c.gzip / KB) })),
      },
    },
  };
}

export { buildConsole };
