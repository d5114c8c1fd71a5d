import { createServer, type Server, type Socket } from "node:net";
import { answerFrame } from "../gateway/answers";
import { isGbt32960, PLATFORM_LOGIN, PLATFORM_LOGOUT, readPlatformLogin, takeFrames } from "./wire";

/** A frame the platform stored. */
export interface Arrival {
  vin: string;
  /** The command as sent (0x03 when forwarded as 补发). */
  command: number;
  /** The data unit, hex: with the VIN, what identifies a report. */
  dataHex: string;
  at: number;
}

export interface TestPlatformOptions {
  /** Accounts and passwords it accepts. */
  accounts: ReadonlyMap<string, string>;
  /** Port to listen on (0: any free one, kept across stop/start). */
  port?: number;
  host?: string;
  /** Answer data frames with the error flag (GB/T 32960) when this says so. */
  refuse?: (vin: string) => boolean;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex").toUpperCase();

/**
 * A simulated receiving platform (the government's or a maker's) for tests and the demo: a TCP
 * server that answers platform logins (0x01 for a known account and password, 0x02 otherwise),
 * then every forwarded frame — GB/T 32960 with the response flag, HJ 1239 with the same command
 * — and records what arrived. Like a real platform it keeps a report once: a frame whose VIN,
 * command family (0x02 and 0x03 are one) and data unit it already holds is answered success and
 * counted in `duplicates`, not stored again — that is how "exactly once" holds at the receiver
 * when a forwarder re-sends what it sent just before a crash without an answer. It can be stopped
 * (every connection dropped, the port closed) and started again on the same port.
 */
export class TestPlatform {
  readonly arrivals: Arrival[] = [];
  readonly logins: { account: string; accepted: boolean; serial: number }[] = [];
  logouts = 0;
  duplicates = 0;
  private readonly seen = new Set<string>();
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port: number;
  readonly host: string;
  /** The accounts it accepts (a test may add one while it runs). */
  readonly accounts: Map<string, string>;

  constructor(private readonly options: TestPlatformOptions) {
    this.accounts = new Map(options.accounts);
    this.port = options.port ?? 0;
    this.host = options.host ?? "127.0.0.1";
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  async start(): Promise<this> {
    if (this.server) return this;
    const server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, this.host, () => resolve());
    });
    const address = server.address();
    if (typeof address === "object" && address) this.port = address.port;
    this.server = server;
    return this;
  }

  /** Drops every connection and closes the port (a platform outage). */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The arrivals of one VIN in order. */
  of(vin: string): Arrival[] {
    return this.arrivals.filter((a) => a.vin === vin);
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => undefined);
    let pending: Uint8Array = new Uint8Array(0);
    let loggedIn = false;
    socket.on("data", (chunk: Buffer) => {
      const { frames, rest } = takeFrames(pending.length === 0 ? chunk : Buffer.concat([pending, chunk]));
      pending = Uint8Array.from(rest);
      for (const frame of frames) {
        if (socket.destroyed) return;
        const command = frame[2] as number;
        if (isGbt32960(frame) && command === PLATFORM_LOGIN) {
          const login = readPlatformLogin(frame);
          loggedIn = login !== null && this.accounts.get(login.account) === login.password;
          this.logins.push({ account: login?.account ?? "", accepted: loggedIn, serial: login?.serial ?? 0 });
          socket.write(answerFrame(frame, loggedIn ? 0x01 : 0x02, Date.now()));
          continue;
        }
        if (isGbt32960(frame) && command === PLATFORM_LOGOUT) {
          this.logouts++;
          socket.write(answerFrame(frame, 0x01, Date.now()));
          socket.end();
          return;
        }
        // Nothing is taken before a login.
        if (!loggedIn) {
          socket.destroy();
          return;
        }
        const vin = String.fromCharCode(...frame.subarray(isGbt32960(frame) ? 4 : 3, isGbt32960(frame) ? 21 : 20));
        if (this.options.refuse?.(vin) && isGbt32960(frame)) {
          socket.write(answerFrame(frame, 0x02, Date.now()));
          continue;
        }
        const dataHex = hex(frame.subarray(24, frame.length - 1));
        const key = `${vin}|${command === 0x03 ? 0x02 : command}|${dataHex}`;
        if (this.seen.has(key)) this.duplicates++;
        else {
          this.seen.add(key);
          this.arrivals.push({ vin, command, dataHex, at: Date.now() });
        }
        socket.write(isGbt32960(frame) ? answerFrame(frame, 0x01, Date.now()) : hjAnswer(frame));
      }
    });
  }
}

/** HJ 1239's answer: the same command and header, an empty data unit (the domain's encoder's shape). */
function hjAnswer(frame: Uint8Array): Uint8Array {
  const out = new Uint8Array(25);
  out.set(frame.subarray(0, 22), 0);
  out[22] = 0;
  out[23] = 0;
  let x = 0;
  for (let i = 2; i < 24; i++) x ^= out[i] as number;
  out[24] = x;
  return out;
}

/** Starts a receiving platform (see {@link TestPlatform}). */
export async function startTestPlatform(options: TestPlatformOptions): Promise<TestPlatform> {
  return new TestPlatform(options).start();
}
