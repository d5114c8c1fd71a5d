import { describe, expect, it } from "vitest";
import type { AppContext } from "../context";
import { TaskWorker } from "./taskWorker";

/**
 * A queue in memory. Its drain runs the queued tasks; once it finds the queue empty it waits on
 * `gate` before it returns — the window in which the export queue purges expired files.
 */
class MemoryWorker extends TaskWorker {
  readonly queue: string[] = [];
  readonly done: string[] = [];
  gate: Promise<void> = Promise.resolve();
  emptyLooks = 0;

  constructor() {
    super("MemoryWorker");
  }

  start(ctx: AppContext = {} as AppContext): void {
    this.ctx = ctx;
    this.kick();
  }

  submit(task: string): void {
    this.queue.push(task);
    this.kick();
  }

  /** What a subclass's handlers call to reach the database and the object store. */
  contextNow(): AppContext {
    return this.context();
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

/** A drain that takes a few turns first and records how many drains run at once. */
class CountingWorker extends MemoryWorker {
  active = 0;
  mostActive = 0;

  protected override async drain(): Promise<void> {
    this.active += 1;
    this.mostActive = Math.max(this.mostActive, this.active);
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    await super.drain();
    this.active -= 1;
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
    worker.start();
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
    worker.start();
    worker.submit("a");
    worker.submit("b");
    worker.submit("c");
    await worker.idle();
    expect(worker.done).toEqual(["a", "b", "c"]);
  });

  it("takes no task after stop", async () => {
    const worker = new MemoryWorker();
    worker.start();
    await worker.stop();
    worker.submit("after");
    await worker.idle();
    expect(worker.done).toEqual([]);
    expect(worker.queue).toEqual(["after"]);
  });
});

// Found by mutation testing: the worker's life before start had no test.
describe("TaskWorker before start", () => {
  it("keeps tasks queued until start, then runs them", async () => {
    const worker = new MemoryWorker();
    worker.submit("early");
    await worker.idle();
    expect(worker.done).toEqual([]);
    worker.start();
    await worker.idle();
    expect(worker.done).toEqual(["early"]);
  });

  it("names the queue whose start was not called, and hands out the context after it", () => {
    const worker = new MemoryWorker();
    expect(() => worker.contextNow()).toThrow(new Error("MemoryWorker.start was not called"));
    const ctx = {} as AppContext;
    worker.start(ctx);
    expect(worker.contextNow()).toBe(ctx);
  });
});

// Found by mutation testing: two drains at once went unseen, as each task was still run once.
describe("TaskWorker while a drain runs", () => {
  it("never starts a second drain: a kick during one is kept for after it", async () => {
    const worker = new CountingWorker();
    worker.start();
    for (const task of ["a", "b", "c", "d"]) {
      worker.submit(task);
      await Promise.resolve();
    }
    await worker.idle();
    expect(worker.done).toEqual(["a", "b", "c", "d"]);
    expect(worker.mostActive).toBe(1);
  });
});
