import { connect, type Socket } from "node:net";
import { takeFrames } from "./wire";

/**
 * One TCP connection to a receiving platform: writes frames and hands back its answers in the
 * order they come (both protocols answer in order on one connection). Every wait has a time
 * limit; a closed or failed connection fails every wait with its reason.
 */
export class PlatformConnection {
  private readonly answers: Uint8Array[] = [];
  private waiter: { resolve: () => void } | undefined;
  private failure: Error | undefined;
  private pending: Uint8Array = new Uint8Array(0);

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => {
      const { frames, rest } = takeFrames(this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]));
      this.pending = Uint8Array.from(rest);
      for (const f of frames) this.answers.push(Uint8Array.from(f));
      this.wake();
    });
    const fail = (message: string) => {
      this.failure ??= new Error(message);
      this.wake();
    };
    socket.on("error", (e) => fail(`连接错误：${e.message}`));
    socket.on("close", () => fail("平台关闭了连接"));
  }

  /** Connects within `timeoutMs`. */
  static open(host: string, port: number, timeoutMs: number): Promise<PlatformConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`连接超时（${host}:${port}）`));
      }, timeoutMs);
      socket.once("connect", () => {
        clearTimeout(timer);
        socket.removeAllListeners("error");
        resolve(new PlatformConnection(socket));
      });
      socket.once("error", (e) => {
        clearTimeout(timer);
        reject(new Error(`无法连接（${host}:${port}）：${e.message}`));
      });
    });
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.resolve();
  }

  send(bytes: Uint8Array): void {
    if (this.failure) throw this.failure;
    this.socket.write(bytes);
  }

  /** The next answer, within `timeoutMs`. */
  async answer(timeoutMs: number): Promise<Uint8Array> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const next = this.answers.shift();
      if (next) return next;
      if (this.failure) throw this.failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`平台${Math.round(timeoutMs / 1000)}秒内未应答`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = {
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }

  /** Ends the connection after what was written (a clean logout). */
  end(): void {
    this.socket.end();
  }
}
