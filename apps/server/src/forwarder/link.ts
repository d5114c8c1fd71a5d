import { chinaDay } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Secrets } from "../platform/secrets";
import { unseal } from "../services/tsp-bss/notRoadFour/seal";
import { PlatformConnection } from "./connection";
import {
  type Answered,
  acknowledge,
  cursorOf,
  nextFrames,
  nextLoginSerial,
  noteLink,
  type PlatformTarget,
  releaseLease,
  takeLease,
} from "./queue";
import { answerAccepts, outgoing, platformLogin, platformLogout } from "./wire";

/** How a link paces itself. */
export interface LinkOptions {
  /** Wait between looks at an empty queue. */
  pollMs: number;
  /** Frames sent before their answers are awaited (and acknowledged in one transaction). */
  window: number;
  answerTimeoutMs: number;
  connectTimeoutMs: number;
  /** Back-off after a failed session: doubling from min to max. */
  backoffMinMs: number;
  backoffMaxMs: number;
  leaseMs: number;
  /** Who this process is (the lease's owner). */
  owner: string;
  now: () => number;
}

/**
 * The forwarding to one platform: take the platform's lease, connect, 平台登入 with the unsealed
 * credentials, then over and over read the next window of the queue (the journal after the
 * cursor), send it, wait for every answer and acknowledge them with the cursor in one
 * transaction; on a failure (connection, refused login, missing answer) drop the connection,
 * back off and start again from the cursor — so what was in flight is sent again, in order, as
 * 补发 where the standard marks re-sent data (wire.ts). A stop sends 平台登出 and gives the lease back.
 */
export class PlatformLink {
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private connection: PlatformConnection | undefined;
  /** Frames acknowledged by this link (for tests and the benchmark). */
  acknowledged = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: Secrets,
    readonly platform: PlatformTarget,
    private readonly options: LinkOptions,
  ) {}

  start(): this {
    this.running ??= this.loop();
    return this;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.running;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  private async loop(): Promise<void> {
    const { db, platform, options } = this;
    let failures = 0;
    while (!this.stopping) {
      try {
        if (!(await takeLease(db, platform.id, options.owner, options.now(), options.leaseMs))) {
          await this.sleep(Math.min(options.leaseMs / 2, 1000));
          continue;
        }
        await this.session(() => {
          failures = 0;
        });
      } catch (error) {
        this.connection?.close();
        this.connection = undefined;
        failures++;
        await noteLink(db, platform.id, "down", (error as Error).message, options.now()).catch(() => undefined);
        if (!this.stopping)
          await this.sleep(Math.min(options.backoffMaxMs, options.backoffMinMs * 2 ** Math.min(failures - 1, 16)));
      }
    }
    await noteLink(db, platform.id, "stopped", null, options.now()).catch(() => undefined);
    await releaseLease(db, platform.id, options.owner).catch(() => undefined);
  }

  private async session(loggedIn: () => void): Promise<void> {
    const { db, platform, options } = this;
    const password = unseal(this.secrets, platform.passwordSealed);
    if (password === null) throw new Error("平台密码无法解密（不是本服务器加密的）");
    await noteLink(db, platform.id, "connecting", null, options.now());
    const conn = await PlatformConnection.open(platform.host, platform.port, options.connectTimeoutMs);
    this.connection = conn;
    const sessionStart = options.now();
    const serial = await nextLoginSerial(db, platform.id, chinaDay(sessionStart));
    conn.send(platformLogin(platform.account, password, serial, sessionStart));
    if (!answerAccepts(await conn.answer(options.answerTimeoutMs))) throw new Error("平台拒绝登入（账号或密码错误）");
    await noteLink(db, platform.id, "online", null, options.now());
    loggedIn();
    let cursor = Number((await cursorOf(db, platform.id)).last_frame_id);
    while (!this.stopping) {
      if (!(await takeLease(db, platform.id, options.owner, options.now(), options.leaseMs)))
        throw new Error("转发租约被其他进程取得");
      const frames = await nextFrames(db, platform, cursor, options.window);
      if (frames.length === 0) {
        await this.sleep(options.pollMs);
        continue;
      }
      const sent = frames.map((frame) => {
        // A frame received before this session began is the backlog of an outage or a restart.
        const out = outgoing(frame.raw, frame.receivedAt < sessionStart);
        conn.send(out.bytes);
        return { frame, out, sentAt: options.now() };
      });
      const answered: Answered[] = [];
      for (const s of sent) {
        const answer = await conn.answer(options.answerTimeoutMs);
        answered.push({
          frame: s.frame,
          sentAt: s.sentAt,
          answeredAt: options.now(),
          sentCommand: s.out.command,
          resent: s.out.resent,
          accepted: answerAccepts(answer),
        });
      }
      if (!(await acknowledge(db, platform.id, cursor, answered))) throw new Error("转发游标已被其他进程移动");
      cursor = answered.at(-1)?.frame.id ?? cursor;
      this.acknowledged += answered.length;
    }
    // A clean stop: 平台登出, then close.
    conn.send(platformLogout(platform.account, serial, options.now()));
    await conn.answer(Math.min(options.answerTimeoutMs, 2000)).catch(() => undefined);
    conn.end();
    this.connection = undefined;
  }
}
