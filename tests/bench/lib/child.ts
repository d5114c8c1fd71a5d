import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "./serverProcess";

/** A benchmark helper process (TypeScript by tsx) spoken to over IPC: requests carry an id, replies echo it. */
export interface Child {
  readonly pid: number;
  /** Sends a request and resolves with the reply of the same id. */
  ask<T = Record<string, unknown>>(type: string, body?: object): Promise<T>;
  /** Calls `listener` for every unsolicited message of `type` (no id). */
  on<T>(type: string, listener: (message: T) => void): void;
  /** Resolves with the first message of `type`. */
  next<T = Record<string, unknown>>(type: string): Promise<T>;
  /** Asks it to stop and waits for its exit (kills it after `ms`). */
  stop(ms?: number): Promise<void>;
}

/**
 * Forks `tests/bench/<file>` with `env` and resolves once it sent `{ type: "ready" }` (with that
 * message). BENCH_CPU_PROF=<folder> makes it write a V8 CPU profile there when it exits.
 */
export function forkChild(
  file: string,
  env: Record<string, string>,
): Promise<{ child: Child; ready: Record<string, unknown> }> {
  const proc: ChildProcess = fork(path.join(REPO_ROOT, "tests/bench", file), [], {
    cwd: REPO_ROOT,
    execArgv: [
      "--conditions=source",
      "--import",
      "tsx",
      "--expose-gc",
      ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let nextId = 1;
  const pending = new Map<number, (m: Record<string, unknown>) => void>();
  const listeners = new Map<string, ((m: unknown) => void)[]>();
  proc.on("message", (m: { type: string; id?: number }) => {
    if (m.id !== undefined && pending.has(m.id)) {
      const resolve = pending.get(m.id);
      pending.delete(m.id);
      resolve?.(m);
      return;
    }
    for (const l of listeners.get(m.type) ?? []) l(m);
  });
  const on = <T>(type: string, listener: (m: T) => void) => {
    listeners.set(type, [...(listeners.get(type) ?? []), listener as (m: unknown) => void]);
  };
  const child: Child = {
    pid: proc.pid as number,
    ask: <T>(type: string, body: object = {}) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, resolve as (m: Record<string, unknown>) => void);
        if (!proc.send({ type, id, ...body })) reject(new Error(`${file} is gone`));
      }),
    on,
    next: <T>(type: string) =>
      new Promise<T>((resolve) => {
        let done = false;
        on<T>(type, (m) => {
          if (done) return;
          done = true;
          resolve(m);
        });
      }),
    stop: (ms = 30_000) =>
      new Promise<void>((done) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return done();
        proc.removeAllListeners("exit");
        const kill = setTimeout(() => proc.kill("SIGKILL"), ms);
        proc.once("exit", () => {
          clearTimeout(kill);
          done();
        });
        proc.send({ type: "stop" });
      }),
  };
  return new Promise((resolve, reject) => {
    proc.once("exit", (code) => reject(new Error(`${file} exited with ${code} before it was ready`)));
    proc.once("error", reject);
    on<Record<string, unknown>>("ready", (m) => {
      proc.removeAllListeners("exit");
      proc.once("exit", (code) => {
        for (const resolvePending of pending.values()) resolvePending({ type: "gone", error: `exited with ${code}` });
        pending.clear();
      });
      resolve({ child, ready: m });
    });
  });
}
