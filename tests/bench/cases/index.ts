import path from "node:path";
import { buildConsole } from "../lib/console";
import { type DatabaseLocation, journalDatabase } from "../lib/databases";
import { fleetDatabase } from "../lib/fleetData";
import type { BenchEnv, CaseResult, Engine } from "../lib/types";
import { attachmentsCase } from "./attachments";
import { commandsCase } from "./commands";
import { consoleSizeCase } from "./consoleSize";
import { exportCase } from "./exportXlsx";
import { filterCase } from "./filter";
import { forwardingCase } from "./forwarding";
import { gatewayJournalCase } from "./gatewayJournal";
import { gatewayMemoryCase } from "./gatewayMemory";
import { importCase } from "./importXlsx";
import { ingestCase } from "./ingest";
import { journalPageCase } from "./journalPage";
import { journalWalkCase } from "./journalWalk";
import { loadCase } from "./load";
import { mapCase } from "./map";
import { memoryCase } from "./memory";
import { sdkCase } from "./sdk";
import { signInCase } from "./signIn";
import { trackCase } from "./track";

/** What the cases share within one run: the journal data set per engine, the built console. */
export class Shared {
  private readonly journals = new Map<Engine, Promise<DatabaseLocation>>();
  private console: Promise<string> | undefined;
  /**
   * `builtConsole`: a console build to use instead of building one (the smoke inside `npm test`
   * takes the build step's apps/console/dist; a full run always builds its own, to measure it).
   */
  constructor(
    private readonly env: BenchEnv,
    builtConsole?: string,
  ) {
    if (builtConsole) this.console = Promise.resolve(builtConsole);
  }

  /** The journal data set on the engine, prepared on first use. */
  journal(engine: Engine): Promise<DatabaseLocation> {
    let p = this.journals.get(engine);
    if (!p) {
      p = journalDatabase(this.env, engine);
      this.journals.set(engine, p);
    }
    return p;
  }

  /** The console built into the work folder, once per run. */
  consoleDist(): Promise<string> {
    this.console ??= (async () => {
      const dir = path.join(this.env.workDir, "console-dist");
      const { seconds } = await buildConsole(dir);
      this.env.log(`console built in ${seconds.toFixed(1)} s`);
      return dir;
    })();
    return this.console;
  }
}

/** One benchmark case of issue 8; `run` measures it on every engine it applies to. */
export interface BenchCase {
  id: string;
  title: string;
  run(env: BenchEnv, shared: Shared): Promise<CaseResult>;
}

/** Runs `one` per engine and merges the answers; one engine failing keeps the others' figures. */
async function perEngine(env: BenchEnv, one: (engine: Engine) => Promise<CaseResult>): Promise<CaseResult> {
  const merged: CaseResult = { figures: [], details: {}, errors: [] };
  for (const engine of env.engines) {
    try {
      const r = await one(engine);
      merged.figures.push(...r.figures);
      Object.assign(merged.details as object, r.details ?? {});
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      env.log(`  ${engine} FAILED: ${message}`);
      merged.errors?.push(`${engine}: ${message}`);
    }
  }
  return merged;
}

/** The engine the single-engine cases use: PostgreSQL when there is one (as production would). */
const mainEngine = (env: BenchEnv): Engine => (env.engines.includes("postgres") ? "postgres" : "pglite");

/** Every case, in the order of the table. */
export const CASES: BenchCase[] = [
  {
    id: "journal-page",
    title: "journal page of 20 rows; keyset cursor vs OFFSET",
    run: (env, s) => perEngine(env, async (e) => journalPageCase(env, await s.journal(e))),
  },
  {
    id: "journal-walk",
    title: "whole journal walk through the SDK iterator",
    run: (env, s) => perEngine(env, async (e) => journalWalkCase(env, await s.journal(e))),
  },
  {
    id: "export",
    title: "export journal rows to .xlsx",
    run: (env, s) => perEngine(env, async (e) => exportCase(env, await s.journal(e), env.scale.name === "smoke")),
  },
  {
    id: "import",
    title: "import a vehicle .xlsx with per-row report",
    run: (env) => perEngine(env, (e) => importCase(env, e)),
  },
  {
    id: "console-size",
    title: "console: JavaScript before the first screen",
    run: async (_env, s) => consoleSizeCase(await s.consoleDist()),
  },
  {
    id: "sign-in",
    title: "console: sign-in to usable home",
    run: async (env, s) => signInCase(env, await s.consoleDist()),
  },
  {
    id: "sdk",
    title: "SDK: size and per-call overhead",
    run: async (env, s) => sdkCase(env, await s.journal(mainEngine(env))),
  },
  {
    id: "load",
    title: "load: concurrent clients on journal queries",
    run: (env, s) => perEngine(env, async (e) => loadCase(env, await s.journal(e))),
  },
  {
    id: "memory",
    title: "server memory at rest after the demo seed",
    run: (env) => perEngine(env, (e) => memoryCase(env, e)),
  },
  {
    id: "forwarding",
    title: "forwarding: frames/s to one receiving platform",
    run: (env) => perEngine(env, (e) => forwardingCase(env, e)),
  },
  {
    id: "ingest",
    title: "gateway ingest: frames/s from 10,000 T-BOX connections",
    run: (env) => perEngine(env, (e) => ingestCase(env, e)),
  },
  {
    id: "gateway-memory",
    title: "gateway memory per idle connection: slope over 2,500–10,000 connections",
    run: (env) => perEngine(env, (e) => gatewayMemoryCase(env, e)),
  },
  {
    id: "gateway-journal",
    title: "gateway frame journals: page 10,000 against page 1 over 10M frames",
    run: (env) => perEngine(env, (e) => gatewayJournalCase(env, e)),
  },
  {
    id: "commands",
    title: "remote commands end to end to 10,000 connected terminals",
    run: (env) => perEngine(env, (e) => commandsCase(env, e)),
  },
  {
    id: "attachments",
    title: "苏标 alarm attachments end to end: files/s, MB/s, p99 per file, RSS (issue 17)",
    run: (env) => perEngine(env, (e) => attachmentsCase(env, e)),
  },
  {
    id: "filter",
    title: "高级筛选 over 1M vehicles' latest state (issue 18)",
    run: (env, s) => perEngine(env, (e) => filterCase(env, e, () => s.journal(e))),
  },
  {
    id: "map",
    title: "地图监控 with 10,000 live vehicles in Chromium (issue 18)",
    run: async (env, s) => {
      const e = mainEngine(env);
      return mapCase(env, e, await fleetDatabase(env, e, () => s.journal(e)), await s.consoleDist());
    },
  },
  {
    id: "track",
    title: "a day of track (86,400 points): server, drawn and replayed (issue 18)",
    run: (env, s) =>
      perEngine(env, async (e) =>
        trackCase(
          env,
          e,
          await fleetDatabase(env, e, () => s.journal(e)),
          e === mainEngine(env) ? () => s.consoleDist() : null,
        ),
      ),
  },
];
