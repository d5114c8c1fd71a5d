import type { Socket } from "node:net";
import {
  bytesToHex,
  COMMAND,
  decodeAnswerTime,
  decodeParamList,
  ENCRYPTION,
  encodeFrame,
  encodeParamQuery,
  encodeParamSet,
  encodeRemoteControl,
  encodeTerminalControl,
  type FrameError,
  type Gbt32960Edition,
  type Gbt32960Frame,
  type ParamEntry,
  RESPONSE_COMMAND,
  type RemoteControl,
  type Result,
  responseFlagName,
  type TerminalControl,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { type SmsGateway, WAKE_UP_TEXT } from "./sms";
import {
  type CommandRow,
  claimDue,
  commandSignals,
  completeWakeUps,
  expireCommands,
  failCommand,
  markSmsSent,
  queuedWakeUps,
  recordAnswer,
  recordRequests,
} from "./store";
import type { CommandKind } from "./tables";
import { udsAnswerReason, udsCommandData } from "./udsCommand";

/** The kinds an answer of each downlink command can belong to (0x82 carries terminal and remote control). */
const KINDS_OF_COMMAND: ReadonlyMap<number, readonly CommandKind[]> = new Map([
  [COMMAND.query, ["paramQuery"]],
  [COMMAND.set, ["paramSet"]],
  [COMMAND.control, ["terminalControl", "remoteControl", "udsDiagnosis"]],
]);
/** The GB/T 32960 command of each kind this dispatcher sends (wake-ups go by SMS, JT/T 808 kinds by their own sender). */
const COMMAND_OF_KIND: Readonly<Partial<Record<CommandKind, number>>> = {
  paramQuery: COMMAND.query,
  paramSet: COMMAND.set,
  terminalControl: COMMAND.control,
  remoteControl: COMMAND.control,
  udsDiagnosis: COMMAND.control,
};

/** Whether a frame is a terminal's answer to one of the platform's commands (0x80–0x82, flag not 0xFE). */
export function isCommandAnswer(f: Gbt32960Frame): boolean {
  return KINDS_OF_COMMAND.has(f.command) && f.responseFlag !== RESPONSE_COMMAND;
}

/** The data unit of a command row, by the domain's encoders. */
export function commandData(row: CommandRow, wireTime: number): Result<Uint8Array, FrameError> {
  const p = JSON.parse(row.params) as {
    ids?: number[];
    params?: ParamEntry[];
    control?: TerminalControl;
    remote?: RemoteControl;
  };
  if (row.kind === "udsDiagnosis") return udsCommandData(row.params, wireTime);
  if (row.kind === "remoteControl")
    return encodeRemoteControl({ collectedAt: wireTime, control: p.remote as RemoteControl });
  if (row.kind === "paramQuery") return encodeParamQuery({ collectedAt: wireTime, ids: p.ids ?? [] });
  if (row.kind === "paramSet") return encodeParamSet({ collectedAt: wireTime, params: p.params ?? [] });
  return encodeTerminalControl({ collectedAt: wireTime, control: p.control as TerminalControl });
}

export interface CommandDispatcherOptions {
  readonly now: () => number;
  /** How often queued commands of connected vehicles are looked for and TTLs swept (default 1 s). */
  readonly pollMs?: number;
  /** The connection a VIN is logged in on, if any. */
  readonly socketOf: (vin: string) => Socket | undefined;
  /** The VINs logged in on this gateway. */
  readonly onlineVins: () => Iterable<string>;
  /** Sends wake-up SMS; without it a wake-up command fails (no SMS gateway). */
  readonly sms?: SmsGateway;
}

/** VINs per bulk claim statement (bound parameters stay far below PostgreSQL's 65,535). */
const CLAIM_CHUNK = 1000;

/**
 * Sends queued commands to connected GB/T 32960 terminals and matches their answers. State is
 * in the database only (several gateways may run; each sends to the vehicles connected to it).
 * Every reason to send — a command queued in this process (commandSignals), a login, an answer
 * (the VIN's next command), the poll (commands queued by another process) — adds the VIN to one
 * pending set; a dispatch round claims the next command of all pending VINs in one statement
 * (store.claimDue), writes their frames and keeps their bytes in a second one. Rounds run one at a
 * time, so VINs that become due during a round go together in the next. One command per VIN is in
 * flight at a time (claimDue's rule).
 */
export class CommandDispatcher {
  private readonly editions = new Map<string, Gbt32960Edition>();
  private readonly pending = new Set<string>();
  private round: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private readonly onQueued = (vin: string) => {
    const socket = this.options.socketOf(vin);
    if (socket && !socket.destroyed) void this.dispatch(vin);
  };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: CommandDispatcherOptions,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.poll(), this.options.pollMs ?? 1000);
    this.timer.unref();
    commandSignals.on("queued", this.onQueued);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    commandSignals.off("queued", this.onQueued);
  }

  /**
   * A vehicle logged in (its edition is the one its commands are written in; `loginTs` its
   * login's report time): its wake-up commands succeed, then what waits for it is sent.
   */
  loggedIn(vin: string, edition: Gbt32960Edition, loginTs: number | null = null): void {
    this.editions.set(vin, edition);
    void completeWakeUps(this.db, vin, loginTs, this.options.now())
      .catch(() => undefined)
      .then(() => this.dispatch(vin));
  }

  /** Queued wake-ups: an online vehicle needs none (success at once); a sleeping one gets its SMS. */
  private async wakeUps(): Promise<void> {
    const now = this.options.now();
    const online = new Set(this.options.onlineVins());
    for (const row of await queuedWakeUps(this.db, now)) {
      if (online.has(row.vin)) {
        await completeWakeUps(this.db, row.vin, null, now);
        continue;
      }
      if (!this.options.sms) {
        await failCommand(this.db, row.id, "未配置短信网关，无法发送唤醒短信", now);
        continue;
      }
      const receipt = await this.options.sms.send(
        { tenantId: row.tenant_id, vin: row.vin, commandId: row.id, text: WAKE_UP_TEXT },
        now,
      );
      await markSmsSent(this.db, row.id, `唤醒短信已发送至${receipt.msisdn ?? "车辆的SIM卡"}`, now);
    }
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      await expireCommands(this.db, this.options.now());
      await this.wakeUps();
      // Only the online vehicles with something queued (one indexed query, partial index of
      // migration 0024), then one bulk claim for all of them.
      const online = new Set(this.options.onlineVins());
      const queued = await this.db
        .selectFrom("gateway_command")
        .select("vin")
        .distinct()
        .where("state", "=", "queued")
        .where("expires_at", ">", this.options.now())
        .execute();
      await this.dispatchAll(queued.map((q) => q.vin).filter((vin) => online.has(vin)));
    } catch {
      // A failed poll (database busy or closing) is retried on the next tick.
    } finally {
      this.polling = false;
    }
  }

  /** Sends the VIN's next command when none is in flight (in the next dispatch round). */
  dispatch(vin: string): Promise<void> {
    return this.dispatchAll([vin]);
  }

  /** Adds VINs to the pending set; resolves when a round has taken them. */
  private dispatchAll(vins: readonly string[]): Promise<void> {
    for (const vin of vins) this.pending.add(vin);
    if (this.pending.size === 0) return this.round ?? Promise.resolve();
    this.round ??= this.rounds();
    return this.round;
  }

  private async rounds(): Promise<void> {
    try {
      // Let the VINs that become due in this same turn of the event loop join the first round.
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (this.pending.size > 0) {
        const vins: string[] = [];
        for (const vin of this.pending) {
          const socket = this.options.socketOf(vin);
          if (socket && !socket.destroyed) vins.push(vin);
        }
        this.pending.clear();
        for (let i = 0; i < vins.length; i += CLAIM_CHUNK) {
          await this.sendRound(vins.slice(i, i + CLAIM_CHUNK)).catch(() => undefined);
        }
      }
    } finally {
      // Right after the last look at `pending` (no await between): a VIN added later starts a new round.
      this.round = undefined;
    }
  }

  /**
   * One round: claims the due commands of these VINs, writes each frame to its connection, keeps
   * the bytes. A failed claim leaves everything as it was (queued ones are tried again, a claimed
   * one expires at its TTL: never sent twice).
   */
  private async sendRound(vins: readonly string[]): Promise<void> {
    const now = this.options.now();
    const rows = await claimDue(this.db, vins, now);
    const requests: { id: number; hex: string }[] = [];
    for (const row of rows) {
      const data = commandData(row, row.wire_time as number);
      const frame = data.ok
        ? encodeFrame({
            edition: this.editions.get(row.vin) ?? 2016,
            command: COMMAND_OF_KIND[row.kind] ?? COMMAND.control,
            responseFlag: RESPONSE_COMMAND,
            vin: row.vin,
            encryption: ENCRYPTION.none,
            data: data.value,
          })
        : data;
      if (!frame.ok) {
        await failCommand(this.db, row.id, frame.error.message, now);
        continue;
      }
      const socket = this.options.socketOf(row.vin);
      if (!socket || socket.destroyed) {
        await failCommand(this.db, row.id, "下发时连接已断开", now);
        continue;
      }
      socket.write(frame.value);
      requests.push({ id: row.id, hex: bytesToHex(frame.value) });
    }
    // Kept for 远程控制联调 (the bytes both ways); after the writes, so it never holds a command back.
    await recordRequests(this.db, requests);
  }

  /** A terminal's answer: the matching command moves on, then the VIN's next command goes out. */
  async answer(f: Gbt32960Frame, raw: Uint8Array, receivedAt: number): Promise<CommandRow | undefined> {
    const kinds = KINDS_OF_COMMAND.get(f.command) as readonly CommandKind[];
    const kind = kinds[0];
    const flagName = responseFlagName(f.responseFlag, f.edition) ?? String(f.responseFlag);
    let wireTime: number | undefined;
    let answer: unknown;
    let reason: string | null = null;
    if (kind === "paramQuery" && f.responseFlag === 0x01) {
      const list = decodeParamList(f.data);
      if (list.ok) {
        wireTime = list.value.collectedAt;
        answer = { params: list.value.params };
      } else {
        reason = `终端应答无法解析：${list.error.message}`;
      }
    }
    if (f.command === COMMAND.control) {
      // A UDS diagnosis's answer carries the ECU's response (0x82 · 0x81); a negative one fails the command.
      const uds = udsAnswerReason(f.data, f.responseFlag);
      if (uds !== undefined) reason = uds;
    }
    if (wireTime === undefined) {
      const time = decodeAnswerTime(f.data);
      if (!time.ok) return undefined;
      wireTime = time.value;
    }
    if (f.responseFlag !== 0x01) reason = reason ?? `终端应答“${flagName}”`;
    const row = await recordAnswer(
      this.db,
      { vin: f.vin, kinds, wireTime, success: reason === null, reason, answer, answerHex: bytesToHex(raw) },
      receivedAt,
    );
    if (row) void this.dispatch(f.vin);
    return row;
  }
}
