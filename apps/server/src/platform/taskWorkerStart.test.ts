import { describe, expect, it } from "vitest";
import type { AppContext } from "../context";
import { TaskWorker } from "./taskWorker";

/** A queue in memory; its drain runs every queued task. */
class ListWorker extends TaskWorker {
  readonly queue: string[] = [];
  readonly done: string[] = [];

  constructor() {
    super("ListWorker");
  }

  start(ctx: AppContext): void {
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
    for (let task = this.queue.shift(); task !== undefined && !this.stopped; task = this.queue.shift()) {
      await Promise.resolve();
      this.done.push(task);
    }
  }
}

// Found by mutation testing: the worker's life before start had no test.
describe("TaskWorker before start", () => {
  it("keeps tasks queued until start, then runs them", async () => {
    const worker = new ListWorker();
    worker.submit("early");
    await worker.idle();
    expect(worker.done).toEqual([]);
    worker.start({} as AppContext);
    await worker.idle();
    expect(worker.done).toEqual(["early"]);
  });

  it("names the queue whose start was not called, and hands out the context after it", () => {
    const worker = new ListWorker();
    expect(() => worker.contextNow()).toThrow(new Error("ListWorker.start was not called"));
    const ctx = {} as AppContext;
    worker.start(ctx);
    expect(worker.contextNow()).toBe(ctx);
  });
});

/** A drain that takes a few turns per task and records how many drains run at once. */
class CountingWorker extends ListWorker {
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

// Found by mutation testing: two drains at once went unseen, as each task was still run once.
describe("TaskWorker while a drain runs", () => {
  it("never starts a second drain: a kick during one is kept for after it", async () => {
    const worker = new CountingWorker();
    worker.start({} as AppContext);
    for (const task of ["a", "b", "c", "d"]) {
      worker.submit(task);
      await Promise.resolve();
    }
    await worker.idle();
    expect(worker.done).toEqual(["a", "b", "c", "d"]);
    expect(worker.mostActive).toBe(1);
  });
});
