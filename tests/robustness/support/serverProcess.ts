import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The reference server as `npm start` runs it (apps/server/src/main.ts), in a process of its own. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Ends the process with a signal and waits for it to be gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts main.ts on a data folder, on 127.0.0.1 and a free port; resolves with its URL once
 * it prints it. Output is kept for the error when it does not start.
 */
export function startServerProcess(
  dataDir: string,
  timeoutMs = 120_000,
  extraEnv: Readonly<Record<string, string>> = {},
  /** The node arguments: main.ts under tsx by default; the built bundle's main.mjs starts faster. */
  args: readonly string[] = ["--conditions=source", "--import", "tsx", "apps/server/src/main.ts"],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "silent",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void kill("SIGKILL");
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], child, kill });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it started:\n${output}`));
    });
  });
}
