import { connect, type Socket } from "node:net";
import { decodeFrame, type Gbt32960Frame } from "@tsp/domain";
import { FrameSplitter } from "./frameSplitter";

/**
 * A T-BOX for tests: a TCP client that reads the gateway's answers with the same splitter and
 * the domain's decoder (an answer that fails its check code fails the test). Tests only.
 */
export class TestTbox {
  readonly answers: Gbt32960Frame[] = [];
  closed = false;
  private readonly splitter = new FrameSplitter();
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      for (const piece of this.splitter.push(new Uint8Array(chunk))) {
        if (piece.kind !== "frame") throw new Error("garbage in the gateway's answers");
        const f = decodeFrame(piece.bytes);
        if (!f.ok) throw new Error(`bad answer: ${f.error.message}`);
        this.answers.push(f.value);
      }
      this.wake();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
    socket.on("error", () => undefined);
  }

  static open(port: number): Promise<TestTbox> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: "127.0.0.1", port }, () => resolve(new TestTbox(socket)));
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
  async waitAnswers(n: number, ms = 5000): Promise<Gbt32960Frame[]> {
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

  /** Waits until the gateway closed the connection (or `ms` passed). */
  async waitClosed(ms: number): Promise<boolean> {
    await this.waitAnswers(Number.POSITIVE_INFINITY, ms);
    return this.closed;
  }

  end(): void {
    this.socket.destroy();
  }
}
