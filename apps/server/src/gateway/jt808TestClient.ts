import { connect, type Socket } from "node:net";
import { decodeJt808Message, type Jt808Message, takeJt808Frames } from "@tsp/domain";

/**
 * A JT/T 808 terminal for tests: a TCP client that cuts the gateway's answers with the codec's
 * stream cutter and reads them with its decoder (an answer that does not decode fails the test).
 */
export class TestJt808Terminal {
  readonly answers: Jt808Message[] = [];
  closed = false;
  private rest: Uint8Array = new Uint8Array(0);
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      const joined = new Uint8Array(this.rest.length + chunk.length);
      joined.set(this.rest, 0);
      joined.set(chunk, this.rest.length);
      const cut = takeJt808Frames(joined);
      this.rest = cut.rest;
      if (cut.dropped > 0) throw new Error("garbage in the gateway's answers");
      for (const frame of cut.frames) {
        const m = decodeJt808Message(frame);
        if (!m.ok) throw new Error(`bad answer: ${m.error.message}`);
        this.answers.push(m.value);
      }
      this.wake();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
    socket.on("error", () => undefined);
  }

  static open(port: number): Promise<TestJt808Terminal> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: "127.0.0.1", port }, () => resolve(new TestJt808Terminal(socket)));
      socket.once("error", reject);
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(bytes, (e) => (e ? reject(e) : resolve())));
  }

  /** Waits until `n` answers arrived (or the connection closed, or `ms` passed). */
  async waitAnswers(n: number, ms = 5000): Promise<Jt808Message[]> {
    const until = Date.now() + ms;
    while (this.answers.length < n && !this.closed && Date.now() < until) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, until - Date.now());
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.answers;
  }

  /** Writes a frame and waits for its answer (the next one). */
  async send(bytes: Uint8Array): Promise<Jt808Message> {
    const n = this.answers.length + 1;
    await this.write(bytes);
    const answers = await this.waitAnswers(n);
    const a = answers[n - 1];
    if (a === undefined) throw new Error("no answer");
    return a;
  }

  /** Waits until the gateway closed the connection (or `ms` passed). */
  async waitClosed(ms: number): Promise<boolean> {
    await this.waitAnswers(Number.POSITIVE_INFINITY, ms);
    return this.closed;
  }

  end(): void {
    this.socket.destroy();
  }
}
