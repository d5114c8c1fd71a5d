import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A frame of the rtm_con vectors (shared/vectors/README.md). */
export interface VectorFrame {
  readonly name: string;
  readonly edition: "2016" | "2025";
  readonly hex: string;
  // biome-ignore lint/suspicious/noExplicitAny: another program's JSON, read loosely in tests
  readonly decoded: any;
}

/**
 * The rtm_con vectors (an independent GB/T 32960 implementation), read from the domain's copy
 * beside its real-time tests so there is one copy in the repository. Tests only.
 */
export const vectorFrames: readonly VectorFrame[] = (
  JSON.parse(
    readFileSync(
      path.resolve(
        path.dirname(fileURLToPath(import.meta.url)),
        "../../../../packages/domain/src/gbt32960/realtime/vectors/gbt32960-rtm_con.json",
      ),
      "utf8",
    ),
  ) as { frames: VectorFrame[] }
).frames;
