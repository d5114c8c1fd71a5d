import { connect, type Socket } from "node:net";

/** Where the simulated terminals connect. */
export interface GatewayAddress {
  readonly host: string;
  /** GB/T 32960 port. */
  readonly port: number;
  /** JT/T 808 port (vehicles speaking JT/T 808 stay silent without it). */
  readonly jt808Port?: number;
  /** HJ 1239 port (diesel trucks stay silent without it). */
  readonly hj1239Port?: number;
}

/**
 * One TCP connection of a simulated terminal: writes, and the gateway's answers as the
 * protocol's reader cuts them, waited for one by one.
 */
export class Link<A> {
  private answers: A[] = [];
  private waiters: (() => void)[] = [];
  closed = false;

  private constructor(
    private readonly socket: Socket,
    read: (chunk: Uint8Array) => A[],
  ) {
    socket.on("data", (chunk: Buffer) => {
      this.answers.push(...read(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
      // Answers nobody waits for (those to live reports) are not kept for ever.
      if (this.answers.length > 100) this.answers.splice(0, this.answers.length - 100);
      this.wake();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
    socket.on("error", () => undefined);
  }

  /** Connects, or rejects after `ms`. */
  static open<A>(host: string, port: number, read: (chunk: Uint8Array) => A[], ms = 5000): Promise<Link<A>> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no connection to ${host}:${port}`));
      }, ms);
      socket.once("connect", () => {
        clearTimeout(timer);
        socket.setNoDelay(true);
        resolve(new Link(socket, read));
      });
      socket.once("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  write(bytes: Uint8Array): void {
    if (!this.closed) this.socket.write(bytes);
  }

  /** The first unread answer `pick` accepts (earlier ones are dropped), or undefined after `ms` or on close. */
  async answer(pick: (a: A) => boolean, ms = 5000): Promise<A | undefined> {
    const until = Date.now() + ms;
    for (;;) {
      const i = this.answers.findIndex(pick);
      if (i !== -1) {
        const [found] = this.answers.splice(0, i + 1).slice(-1);
        return found;
      }
      this.answers = [];
      if (this.closed || Date.now() >= until) return undefined;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.max(0, until - Date.now()));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Ends the connection at once (a lost link). */
  drop(): void {
    this.socket.destroy();
    this.closed = true;
  }

  /** Ends the connection after what was written is sent. */
  end(): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      this.socket.end(() => resolve());
      setTimeout(() => {
        this.socket.destroy();
        resolve();
      }, 1000).unref();
    });
  }
}
