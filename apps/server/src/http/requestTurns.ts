/**
 * Lets requests start one per event-loop turn, in arrival order, so that new connections are
 * still accepted while the server is busy.
 *
 * Why (issue 9, the soak's timeouts): since libuv 1.45 (Node 20) a listening socket accepts
 * **one** connection per event-loop turn (libuv PR #3696, "don't accept() connections in a
 * loop"). On PGlite a query runs synchronously inside the process, so without this queue a
 * request is handled from its socket read to its answer inside the same poll phase: one
 * turn serves every connected client once (about 200 × 2–3 ms), and only then is the next
 * waiting connection accepted. Under 200 clients new connections were accepted at about two
 * per second; the last ones waited over 30 s in the kernel's accept queue, and their first
 * request timed out although every accepted request was answered in under a second.
 *
 * With the queue, the poll phase only parses requests and queues them; one queued request
 * runs per turn (in the check phase, via `setImmediate`), so the listening socket is polled
 * between any two requests. Requests that wait on real I/O (PostgreSQL, files) keep running
 * concurrently: only their start is ordered. Arrival order is kept, so no request starves.
 */
export class RequestTurns {
  #waiting: (() => void)[] = [];
  #scheduled = false;

  /** Resolves when it is this request's turn to run. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
    });
  }

  /** Requests queued and not started yet. */
  get waiting(): number {
    return this.#waiting.length;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#runOne);
  }

  #runOne = (): void => {
    this.#scheduled = false;
    const start = this.#waiting.shift();
    if (this.#waiting.length > 0) this.#schedule();
    start?.();
  };
}
