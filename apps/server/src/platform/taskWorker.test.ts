import { describe, expect, it } from "vitest";
import type { AppContext } from "../context";
import { TaskWorker } from "./taskWorker";

/**
 * A queue in memory whose drain, once it finds the queue empty, waits on `gate` before it
 * returns — the window in which the export queue purges expired files.
 */
class MemoryWorker extends TaskWorker {
  readonly queue: string[] = [];
  readonly done: string[] = [];
  gate: Promise<void> = Promise.resolve();
  emptyLooks = 0;

  constructor() {
    super("MemoryWorker");
  }

  begin(): void {
    this.ctx = {} as AppContext;
    this.kick();
  }

  submit(task: string): void {
    this.queue.push(task);
    this.kick();
  }

  protected async drain(): Promise<void> {
    while (!this.stopped) {
      await Promise.resolve();
      const task = this.queue.shift();
      if (task === undefined) {
        this.emptyLooks += 1;
        await this.gate;
        return;
      }
      this.done.push(task);
    }
  }
}

/** A promise opened from outside. */
class Gate {
  open: () => void = () => {};
  readonly promise = new Promise<void>((resolve) => {
    this.open = resolve;
  });
}

describe("TaskWorker", () => {
  it("runs a task submitted while the drain has found the queue empty and is on its way out", async () => {
    const worker = new MemoryWorker();
    const gate = new Gate();
    worker.gate = gate.promise;
    worker.begin();
    // Let the first drain look, find nothing and wait at the gate.
    while (worker.emptyLooks === 0) await Promise.resolve();
    worker.gate = Promise.resolve();
    worker.submit("late");
    gate.open();
    await worker.idle();
    expect(worker.done).toEqual(["late"]);
    expect(worker.queue).toEqual([]);
  });

  it("drains tasks submitted while one runs, in order, and idle waits for all of them", async () => {
    const worker = new MemoryWorker();
    worker.begin();
    worker.submit("a");
    worker.submit("b");
    worker.submit("c");
    await worker.idle();
    expect(worker.done).toEqual(["a", "b", "c"]);
  });

  it("takes no task after stop", async () => {
    const worker = new MemoryWorker();
    worker.begin();
    await worker.stop();
    worker.submit("after");
    await worker.idle();
    expect(worker.done).toEqual([]);
    expect(worker.queue).toEqual(["after"]);
  });
});
