import { connect, type Socket } from "node:net";
import {
  decodeFrame,
  decodeHj1239Frame,
  decodeJt808Message,
  type Gbt32960Frame,
  type Hj1239Frame,
  type Jt808Message,
  takeJt808Frames,
} from "@tsp/domain";
import { FrameSplitter } from "./frameSplitter";
import { Hj1239Splitter } from "./hj1239Splitter";

/**
 * A terminal for tests: a TCP client that reads the gateway's answers with `read` (the
 * protocol's own cutter and decoder; an answer that does not decode fails the test) and lets
 * a test wait for them. Tests only.
 */
export class TestLink<T> {
  readonly answers: T[] = [];
  closed = false;
  private waiters: (() => void)[] = [];

  protected constructor(
    readonly socket: Socket,
    read: (chunk: Uint8Array) => T[],
  ) {
    socket.on("data", (chunk: Buffer) => {
      this.answers.push(...read(new Uint8Array(chunk)));
      this.wake();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
    socket.on("error", () => undefined);
  }

  /** Connects to the gateway on `port`; `make` wraps the socket as soon as it is connected. */
  protected static connectTo<L>(port: number, make: (socket: Socket) => L): Promise<L> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: "127.0.0.1", port }, () => resolve(make(socket)));
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
  async waitAnswers(n: number, ms = 5000): Promise<T[]> {
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
  async send(bytes: Uint8Array): Promise<T> {
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

/** A GB/T 32960 T-BOX: answers cut with the gateway's own splitter, read with the domain's decoder. */
export class TestTbox extends TestLink<Gbt32960Frame> {
  private constructor(socket: Socket) {
    const splitter = new FrameSplitter();
    super(socket, (chunk) =>
      splitter.push(chunk).map((piece) => {
        if (piece.kind !== "frame") throw new Error("garbage in the gateway's answers");
        const f = decodeFrame(piece.bytes);
        if (!f.ok) throw new Error(`bad answer: ${f.error.message}`);
        return f.value;
      }),
    );
  }

  static open(port: number): Promise<TestTbox> {
    return TestLink.connectTo(port, (socket) => new TestTbox(socket));
  }
}

/** A JT/T 808 terminal: answers cut with the codec's stream cutter, read with its decoder. */
export class TestJt808Terminal extends TestLink<Jt808Message> {
  private constructor(socket: Socket) {
    let rest: Uint8Array = new Uint8Array(0);
    super(socket, (chunk) => {
      const joined = new Uint8Array(rest.length + chunk.length);
      joined.set(rest, 0);
      joined.set(chunk, rest.length);
      const cut = takeJt808Frames(joined);
      rest = cut.rest;
      if (cut.dropped > 0) throw new Error("garbage in the gateway's answers");
      return cut.frames.map((frame) => {
        const m = decodeJt808Message(frame);
        if (!m.ok) throw new Error(`bad answer: ${m.error.message}`);
        return m.value;
      });
    });
  }

  static open(port: number): Promise<TestJt808Terminal> {
    return TestLink.connectTo(port, (socket) => new TestJt808Terminal(socket));
  }
}

/** An HJ 1239 terminal: answers cut with the gateway's HJ 1239 splitter, each read as a frame. */
export class TestHj1239Terminal extends TestLink<Hj1239Frame> {
  private constructor(socket: Socket) {
    const splitter = new Hj1239Splitter();
    super(socket, (chunk) =>
      splitter.push(chunk).map((bytes) => {
        const f = decodeHj1239Frame(bytes);
        if (!f.ok) throw new Error(`bad answer: ${f.error.message}`);
        return f.value;
      }),
    );
  }

  static open(port: number): Promise<TestHj1239Terminal> {
    return TestLink.connectTo(port, (socket) => new TestHj1239Terminal(socket));
  }
}
