import type { Socket } from "node:net";
import {
  bytesToHex,
  decodeJt808CameraAnswer,
  decodeJt808GeneralResponse,
  decodeJt808MediaEvent,
  decodeJt808MediaUpload,
  decodeJt808ParamAnswer,
  decodeJt808VehicleControlAnswer,
  encodeJt808CameraShoot,
  encodeJt808Frame,
  encodeJt808MediaAnswer,
  encodeJt808ParamQuery,
  encodeJt808ParamSet,
  encodeJt808TerminalControl,
  encodeJt808VehicleControl,
  JT808_CAMERA_RESULTS,
  JT808_MEDIA_MESSAGE_ID,
  JT808_PARAM_MESSAGE_ID,
  JT808_TERMINAL_RESULTS,
  JT1078_QUERY_IDS,
  type Jt808CameraShoot,
  type Jt808GeneralParamValue,
  type Jt808Header,
  type Jt808PendingMessage,
  type Jt808TerminalControl,
  type Jt808VehicleControl,
  type Jt1078ParamValues,
  jt808GeneralParamItems,
  jt808MissingPackages,
  jt808PendingMediaId,
  jt1078ParamItems,
  readJt808GeneralParams,
  readJt1078ParamItems,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ObjectStore } from "../../platform/objectStore";
import { claimNext, failCommand, recordAnswer } from "../commands/store";
import type { CommandKind } from "../commands/tables";
import { saveMediaEvent, saveMediaUpload } from "./mediaStore";

/** The command kinds this sender writes over JT/T 808. */
export const JT808_COMMAND_KINDS: readonly CommandKind[] = [
  "cameraShoot",
  "avQuery",
  "avSet",
  "jt808TerminalControl",
  "jt808VehicleControl",
  "jt808ParamQuery",
  "jt808ParamSet",
];

/** 0x8105 终端控制, 0x8500 车辆控制 and the terminal's answer to the latter, 0x0500. */
const CONTROL_ID = { terminal: 0x8105, vehicle: 0x8500, vehicleAnswer: 0x0500 } as const;
/** The general answer 0x0001 settles these kinds (by the message id it names). */
const GENERAL_ANSWERED: ReadonlyMap<CommandKind, number> = new Map<CommandKind, number>([
  ["avSet", JT808_PARAM_MESSAGE_ID.set],
  ["jt808TerminalControl", CONTROL_ID.terminal],
  ["jt808ParamSet", JT808_PARAM_MESSAGE_ID.set],
]);
/** JT/T 808 status bit 12: 车门加锁 (the 0x0500's location says whether the door is locked). */
const DOOR_LOCKED_BIT = 1 << 12;

/** The multimedia messages a terminal sends that this module reads. */
const SERVED: ReadonlySet<number> = new Set([
  JT808_MEDIA_MESSAGE_ID.mediaEvent,
  JT808_MEDIA_MESSAGE_ID.mediaUpload,
  JT808_MEDIA_MESSAGE_ID.cameraAnswer,
  JT808_PARAM_MESSAGE_ID.answer,
  CONTROL_ID.vehicleAnswer,
]);

/** What a handled message comes to: the journal's status and reason, and the answer to write. */
export interface MediaOutcome {
  readonly status: "ok" | "bad-body" | "vin-unknown";
  readonly reason: string | null;
  /** 0x8800 for an upload; undefined: the general answer 0x8001 with `result`. */
  readonly answer?: { readonly messageId: number; readonly body: Uint8Array };
  readonly result: number;
}

interface Link {
  readonly socket: Socket;
  readonly header: Pick<Jt808Header, "edition" | "protocolVersion" | "phone">;
}

/**
 * JT/T 808 multimedia and the JT/T 808 side of the command model (issue 17 拍照/录像):
 * - **Sending**: queued `cameraShoot` commands of vehicles authenticated on this gateway go out
 *   as 0x8801 — on authentication, on a poll and after the VIN's previous answer — claimed
 *   through the command store (one at a time per VIN, `sent` written before the bytes). The
 *   platform's serial of each 0x8801 is remembered in memory with its command: 0x0805 names
 *   the serial it answers (a restart loses the pairing; the command then expires at its TTL,
 *   as a GB/T 32960 one claimed before a crash does).
 * - **0x0805**: acknowledged and success (result 0, the media ids in the answer) or failed with
 *   the standard's reason (失败 / 通道不支持).
 * - **0x0800**: the item's row, answered 0x8001 result 0.
 * - **0x0801** (whole, after the codec's reassembly): the data as a private object and its row
 *   (with the shoot command whose answer listed its id), answered 0x8800 with no list. When the
 *   last package of an upload arrives and others are missing, 0x8800 asks for them by index.
 */
export class Jt808Multimedia {
  private readonly links = new Map<string, Link>();
  private readonly serials = new Map<string, number>();
  /** VIN → the sent command's platform serial, wire time and id. */
  private readonly inFlight = new Map<string, { serial: number; wireTime: number; id: number; kind: CommandKind }>();
  /** `phone:mediaId` → the shoot command whose answer listed it. */
  private readonly commandOfMedia = new Map<string, number>();
  private readonly busy = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly objects: ObjectStore | undefined,
    private readonly options: { readonly now: () => number; readonly pollMs?: number },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.poll(), this.options.pollMs ?? 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Whether this module reads the message. */
  serves(messageId: number): boolean {
    return SERVED.has(messageId);
  }

  /** A terminal authenticated on `socket` for `vin`: commands go to it from now on. */
  authenticated(vin: string, header: Jt808Header, socket: Socket): void {
    this.links.set(vin, {
      socket,
      header: { edition: header.edition, protocolVersion: header.protocolVersion, phone: header.phone },
    });
    socket.once("close", () => {
      if (this.links.get(vin)?.socket === socket) this.links.delete(vin);
    });
    void this.dispatch(vin);
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      for (const vin of this.links.keys()) await this.dispatch(vin);
    } catch {
      // A failed poll (database busy or closing) is retried on the next tick.
    } finally {
      this.polling = false;
    }
  }

  /** Sends the VIN's next JT/T 808 command when none is in flight. */
  async dispatch(vin: string): Promise<void> {
    const link = this.links.get(vin);
    if (!link || link.socket.destroyed || this.busy.has(vin)) return;
    this.busy.add(vin);
    try {
      const now = this.options.now();
      const row = await claimNext(this.db, vin, now, JT808_COMMAND_KINDS);
      if (!row) return;
      const { messageId, body } = commandBody(row.kind, row.params, link.header.edition);
      const serial = ((this.serials.get(vin) ?? 0) + 1) % 0x10000;
      this.serials.set(vin, serial);
      const frame = body.ok
        ? encodeJt808Frame({ header: { ...link.header, encryption: 0, serial, messageId }, body: body.value })
        : body;
      if (!frame.ok) {
        await failCommand(this.db, row.id, frame.error.message, now);
        return;
      }
      if (link.socket.destroyed) {
        await failCommand(this.db, row.id, "下发时连接已断开", now);
        return;
      }
      this.inFlight.set(vin, { serial, wireTime: row.wire_time as number, id: row.id, kind: row.kind });
      link.socket.write(frame.value);
      // The frame as written, for 远程控制联调's raw view (as the GB/T 32960 dispatcher keeps it).
      await this.db
        .updateTable("gateway_command")
        .set({ request_hex: bytesToHex(frame.value) })
        .where("id", "=", row.id)
        .execute();
    } catch {
      // Left as it is in the database: a claimed command expires at its TTL, a queued one is tried again.
    } finally {
      this.busy.delete(vin);
    }
  }

  /**
   * A terminal's general answer 0x0001: the result of an `avSet` (0x8103) or a
   * `jt808TerminalControl` (0x8105) it names by serial — 0 success, else failed with the
   * standard's reason. Other answers are only journaled.
   */
  async terminalResponse(vin: string, body: Uint8Array, raw: Uint8Array, receivedAt: number): Promise<void> {
    const response = decodeJt808GeneralResponse(body);
    const sent = this.inFlight.get(vin);
    if (!response.ok || sent === undefined || sent.serial !== response.value.serial) return;
    if (GENERAL_ANSWERED.get(sent.kind) !== response.value.messageId) return;
    this.inFlight.delete(vin);
    const { result } = response.value;
    const row = await recordAnswer(
      this.db,
      {
        vin,
        kinds: [sent.kind],
        wireTime: sent.wireTime,
        success: result === 0,
        reason: result === 0 ? null : `终端应答“${JT808_TERMINAL_RESULTS[result] ?? `结果${result}`}”`,
        answer: undefined,
        answerHex: bytesToHex(raw),
      },
      receivedAt,
    );
    if (row) void this.dispatch(vin);
  }

  /** Reads one multimedia message of an authenticated terminal (a sub-packaged one whole). */
  async handle(
    session: { readonly vin: string; readonly phone: string },
    header: Jt808Header,
    body: Uint8Array,
    raw: Uint8Array,
    receivedAt: number,
  ): Promise<MediaOutcome> {
    if (header.messageId === JT808_MEDIA_MESSAGE_ID.cameraAnswer) {
      const answer = decodeJt808CameraAnswer(body);
      if (!answer.ok) return { status: "bad-body", reason: answer.error.message, result: 2 };
      const sent = this.inFlight.get(session.vin);
      if (sent && sent.serial === answer.value.serial) {
        this.inFlight.delete(session.vin);
        const { result, mediaIds } = answer.value;
        const reason = result === 0 ? null : `终端应答“${JT808_CAMERA_RESULTS[result] ?? `结果${result}`}”`;
        for (const id of mediaIds) this.commandOfMedia.set(`${session.phone}:${id}`, sent.id);
        const row = await recordAnswer(
          this.db,
          {
            vin: session.vin,
            kinds: ["cameraShoot"],
            wireTime: sent.wireTime,
            success: result === 0,
            reason,
            // The ids are the photos' link (gateway_media.command_id); the contract's answer is a query's parameters.
            answer: undefined,
            answerHex: bytesToHex(raw),
          },
          receivedAt,
        );
        if (row) void this.dispatch(session.vin);
      }
      // Answered 0x8001 either way: a late answer (after its command expired) is still received.
      return { status: "ok", reason: null, result: 0 };
    }
    if (header.messageId === JT808_PARAM_MESSAGE_ID.answer) {
      const answer = decodeJt808ParamAnswer(body);
      if (!answer.ok) return { status: "bad-body", reason: answer.error.message, result: 2 };
      const sent = this.inFlight.get(session.vin);
      if (sent?.kind === "jt808ParamQuery" && sent.serial === answer.value.serial) {
        // The general parameters: every item read with the domain's table (unknown ids as hex).
        this.inFlight.delete(session.vin);
        const row = await recordAnswer(
          this.db,
          {
            vin: session.vin,
            kinds: ["jt808ParamQuery"],
            wireTime: sent.wireTime,
            success: true,
            reason: null,
            answer: { jt808Params: readJt808GeneralParams(answer.value.items) },
            answerHex: bytesToHex(raw),
          },
          receivedAt,
        );
        if (row) void this.dispatch(session.vin);
      }
      if (sent?.kind === "avQuery" && sent.serial === answer.value.serial) {
        this.inFlight.delete(session.vin);
        const values = readJt1078ParamItems(answer.value.items);
        const row = await recordAnswer(
          this.db,
          {
            vin: session.vin,
            kinds: ["avQuery"],
            wireTime: sent.wireTime,
            success: values.ok,
            reason: values.ok ? null : `终端应答的参数无法读取：${values.error.message}`,
            answer: values.ok ? { av: values.value } : undefined,
            answerHex: bytesToHex(raw),
          },
          receivedAt,
        );
        if (row) void this.dispatch(session.vin);
      }
      return { status: "ok", reason: null, result: 0 };
    }
    if (header.messageId === CONTROL_ID.vehicleAnswer) {
      // 0x0500: the 0x8500's serial and the location after the control (its door-lock bit).
      const answer = decodeJt808VehicleControlAnswer(body);
      if (!answer.ok) return { status: "bad-body", reason: answer.error.message, result: 2 };
      const sent = this.inFlight.get(session.vin);
      if (sent?.kind === "jt808VehicleControl" && sent.serial === answer.value.serial) {
        this.inFlight.delete(session.vin);
        const { status } = answer.value.location;
        const row = await recordAnswer(
          this.db,
          {
            vin: session.vin,
            kinds: ["jt808VehicleControl"],
            wireTime: sent.wireTime,
            success: true,
            reason: null,
            answer: { status, doorLocked: (status & DOOR_LOCKED_BIT) !== 0 },
            answerHex: bytesToHex(raw),
          },
          receivedAt,
        );
        if (row) void this.dispatch(session.vin);
      }
      return { status: "ok", reason: null, result: 0 };
    }
    if (header.messageId === JT808_MEDIA_MESSAGE_ID.mediaEvent) {
      const event = decodeJt808MediaEvent(body);
      if (!event.ok) return { status: "bad-body", reason: event.error.message, result: 2 };
      await saveMediaEvent(this.db, { vin: session.vin, phone: session.phone, event: event.value, receivedAt });
      return { status: "ok", reason: null, result: 0 };
    }
    const upload = decodeJt808MediaUpload(body);
    if (!upload.ok) return { status: "bad-body", reason: upload.error.message, result: 2 };
    if (!this.objects) return { status: "bad-body", reason: "网关未配置对象存储，多媒体数据未保存", result: 3 };
    const commandId = this.commandOfMedia.get(`${session.phone}:${upload.value.mediaId}`);
    await saveMediaUpload(this.db, this.objects, {
      vin: session.vin,
      phone: session.phone,
      upload: upload.value,
      receivedAt,
      ...(commandId === undefined ? {} : { commandId }),
    });
    this.commandOfMedia.delete(`${session.phone}:${upload.value.mediaId}`);
    const answer = encodeJt808MediaAnswer({ mediaId: upload.value.mediaId, resend: [] });
    return {
      status: "ok",
      reason: null,
      result: 0,
      ...(answer.ok ? { answer: { messageId: JT808_MEDIA_MESSAGE_ID.mediaAnswer, body: answer.value } } : {}),
    };
  }
}

/** The message id and body of a JT/T 808 command as its row holds it. */
function commandBody(kind: CommandKind, params: string, edition: 2013 | 2019) {
  if (kind === "jt808TerminalControl") {
    const { control } = JSON.parse(params) as { control: Jt808TerminalControl };
    return { messageId: CONTROL_ID.terminal, body: encodeJt808TerminalControl(control) };
  }
  if (kind === "jt808VehicleControl") {
    const { vehicle } = JSON.parse(params) as { vehicle: Jt808VehicleControl };
    return { messageId: CONTROL_ID.vehicle, body: encodeJt808VehicleControl(vehicle, edition) };
  }
  if (kind === "jt808ParamQuery") {
    // No ids: 0x8104 (every parameter, an empty body); else 0x8106 of those.
    const { ids } = JSON.parse(params) as { ids: number[] };
    return ids.length === 0
      ? { messageId: JT808_PARAM_MESSAGE_ID.queryAll, body: { ok: true as const, value: new Uint8Array(0) } }
      : { messageId: JT808_PARAM_MESSAGE_ID.query, body: encodeJt808ParamQuery(ids) };
  }
  if (kind === "jt808ParamSet") {
    const items = jt808GeneralParamItems((JSON.parse(params) as { jt808Params: Jt808GeneralParamValue[] }).jt808Params);
    return { messageId: JT808_PARAM_MESSAGE_ID.set, body: items.ok ? encodeJt808ParamSet(items.value) : items };
  }
  if (kind === "avQuery")
    return { messageId: JT808_PARAM_MESSAGE_ID.query, body: encodeJt808ParamQuery(JT1078_QUERY_IDS) };
  if (kind === "avSet") {
    const items = jt1078ParamItems((JSON.parse(params) as { av: Jt1078ParamValues }).av);
    return { messageId: JT808_PARAM_MESSAGE_ID.set, body: items.ok ? encodeJt808ParamSet(items.value) : items };
  }
  const shoot = JSON.parse(params) as { shoot: Jt808CameraShoot };
  return { messageId: JT808_MEDIA_MESSAGE_ID.cameraShoot, body: encodeJt808CameraShoot(shoot.shoot) };
}

/**
 * The 0x8800 asking again for the packages an upload lacks, when its last package arrived and
 * the message is not whole; undefined for any other package (answered 0x8001 as before) or
 * when the first package — the one naming the media id — is itself missing (the terminal then
 * re-sends on its own timeout).
 */
export function resendRequest(
  header: Jt808Header,
  pending: Jt808PendingMessage | undefined,
): { readonly messageId: number; readonly body: Uint8Array } | undefined {
  if (header.messageId !== JT808_MEDIA_MESSAGE_ID.mediaUpload || pending === undefined) return undefined;
  if (header.package === undefined || header.package.index !== header.package.total) return undefined;
  const mediaId = jt808PendingMediaId(pending);
  if (mediaId === undefined) return undefined;
  const body = encodeJt808MediaAnswer({ mediaId, resend: jt808MissingPackages(pending) });
  return body.ok ? { messageId: JT808_MEDIA_MESSAGE_ID.mediaAnswer, body: body.value } : undefined;
}
