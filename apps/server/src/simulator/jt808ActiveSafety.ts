import {
  decodeJt808AttachmentAnswer,
  decodeJt808AttachmentRequest,
  decodeJt808Frame,
  encodeJt808AttachmentFile,
  encodeJt808AttachmentList,
  encodeJt808DataFrame,
  encodeJt808Frame,
  encodeJt808SafetyAlarm,
  JT808_ATTACHMENT_MESSAGE_ID,
  type Jt808AlarmMark,
  type Jt808AttachmentRequest,
  type Jt808Frame,
  type Jt808Header,
  type Jt808Location,
  type Jt808LocationItem,
  jt808AlarmMarkKey,
  jt808AttachmentAlarmCode,
  jt808AttachmentFileName,
  takeJt808Frames,
} from "@tsp/domain";
import { simulatedCameraPhoto } from "./cameraPhoto";
import { Link } from "./link";

/** Bytes per file-data frame a simulated terminal sends (the 3,975-byte photo goes in four). */
export const SIM_ATTACHMENT_CHUNK = 1024;
/** 0x9212 rounds a file may take before the terminal gives it up. */
const MAX_ROUNDS = 5;
/** Alarms kept for a 0x9208 that may still come. */
const KEPT = 20;

/** A tiny stand-in for the alarm's video clip (an MP4 `ftyp` box and zeros): only its bytes matter. */
export function simulatedAlarmClip(): Uint8Array {
  const clip = new Uint8Array(600);
  clip.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d], 0);
  return clip;
}

/** What the active-safety unit needs from its terminal. */
export interface SafetyHost {
  /** The terminal's id as the 报警标识号 carries it (7 characters). */
  terminalId(): string;
  header(): Omit<Jt808Header, "messageId" | "package">;
  /** The host the attachment server is reached at instead of 0x9208's (tests behind NAT); undefined: 0x9208's. */
  attachmentHost?: string | undefined;
  random(): number;
}

interface PendingAlarm {
  readonly mark: Jt808AlarmMark;
  readonly files: readonly { readonly name: string; readonly type: number; readonly data: Uint8Array }[];
  readonly code: string;
  readonly channel: number;
}

/** What the unit did, for tests and the simulator's summary. */
export interface SafetyCounts {
  alarms: number;
  requests: number;
  filesDone: number;
  resends: number;
  failed: number;
}

/**
 * The 苏标 active-safety unit of a simulated JT/T 808 terminal (issue 17 报警附件上传): raises
 * ADAS/DSM alarms (0x64/0x65 in the next 0x0200) with two attachments — the camera's JPEG and a
 * tiny "video" — and answers the platform's 0x9208 by connecting to the attachment server it
 * names and uploading them: 0x1210 file list, per file 0x1211, data frames, 0x1212, then what
 * 0x9212 asks for again until it says 0. `dropRate` of the data frames are left out on the first
 * pass, so the resend path is used.
 */
export class SimActiveSafety {
  private readonly pending = new Map<string, PendingAlarm>();
  private serial = 0;
  private lastSecond = 0;
  private alarmId = 1;
  /** The share of data frames left out of a file's first pass (0..1). */
  dropRate = 0;
  readonly counts: SafetyCounts = { alarms: 0, requests: 0, filesDone: 0, resends: 0, failed: 0 };
  /** Settles when the uploads started so far are done (tests). */
  settled: Promise<void> = Promise.resolve();

  constructor(private readonly host: SafetyHost) {}

  /** Whether the unit reads this platform message. */
  static reads(messageId: number): boolean {
    return messageId === JT808_ATTACHMENT_MESSAGE_ID.uploadRequest;
  }

  /**
   * A new alarm of `source` (ADAS 1 前向碰撞 … / DSM 1 疲劳驾驶 …) at the location's time and place,
   * as the 0x0200 item that carries it; undefined when the terminal id does not fit the mark.
   */
  raise(source: "adas" | "dsm", type: number, location: Jt808Location): Jt808LocationItem | undefined {
    const second = Math.floor(location.time / 1000) * 1000;
    this.serial = second === this.lastSecond ? (this.serial + 1) % 256 : 0;
    this.lastSecond = second;
    const mark: Jt808AlarmMark = {
      terminalId: this.host.terminalId(),
      time: second,
      serial: this.serial,
      fileCount: 2,
      reserved: 0,
    };
    const item = encodeJt808SafetyAlarm({
      source,
      alarmId: this.alarmId++,
      state: 0,
      type,
      level: 1 + Math.floor(this.host.random() * 2),
      details: new Uint8Array(5),
      speed: Math.min(255, Math.round(location.speed / 10)),
      altitude: location.altitude,
      latitude: location.latitude,
      longitude: location.longitude,
      time: second,
      vehicleStatus: location.status & 0xffff,
      mark,
    });
    if (!item.ok) return undefined;
    this.counts.alarms++;
    // JT/T 1078's logical channels of the peripherals' cameras: 64 ADAS, 65 DSM.
    const channel = source === "adas" ? 64 : 65;
    const code = jt808AttachmentAlarmCode(source, type);
    this.pending.set(jt808AlarmMarkKey(mark), { mark, files: [], code, channel });
    for (const old of [...this.pending.keys()].slice(0, Math.max(0, this.pending.size - KEPT)))
      this.pending.delete(old);
    return { kind: "raw", id: item.value.id, data: item.value.data };
  }

  /** Handles a 0x9208: uploads the alarm's files (in the background; `settled` waits for it). */
  receive(frame: Jt808Frame): void {
    const request = decodeJt808AttachmentRequest(frame.body);
    if (!request.ok) return;
    const alarm = this.pending.get(jt808AlarmMarkKey(request.value.mark));
    if (alarm === undefined) return;
    this.counts.requests++;
    const run = this.upload(alarm, request.value).catch(() => {
      this.counts.failed++;
    });
    this.settled = this.settled.then(() => run);
  }

  private frame(messageId: number, body: Uint8Array): Uint8Array {
    const bytes = encodeJt808Frame({ header: { ...this.host.header(), messageId }, body });
    if (!bytes.ok) throw new Error(bytes.error.message);
    return bytes.value;
  }

  private async upload(alarm: PendingAlarm, request: Jt808AttachmentRequest): Promise<void> {
    const n = (ext: string, fileType: number) =>
      jt808AttachmentFileName({
        fileType,
        channel: alarm.channel,
        alarmCode: alarm.code,
        serial: alarm.mark.serial,
        alarmNumber: request.alarmNumber,
        ext,
      });
    const files = [
      { name: n("jpg", 0), type: 0, data: simulatedCameraPhoto() },
      { name: n("mp4", 2), type: 2, data: simulatedAlarmClip() },
    ];
    let rest: Uint8Array = new Uint8Array(0);
    const link = await Link.open<Jt808Frame>(this.host.attachmentHost ?? request.host, request.tcpPort, (chunk) => {
      const joined = new Uint8Array(rest.length + chunk.length);
      joined.set(rest, 0);
      joined.set(chunk, rest.length);
      const cut = takeJt808Frames(joined);
      rest = cut.rest;
      return cut.frames.flatMap((f) => {
        const frame = decodeJt808Frame(f);
        return frame.ok ? [frame.value] : [];
      });
    });
    try {
      const list = encodeJt808AttachmentList({
        terminalId: alarm.mark.terminalId,
        mark: alarm.mark,
        alarmNumber: request.alarmNumber,
        infoType: 0,
        files: files.map((f) => ({ name: f.name, size: f.data.length })),
      });
      if (!list.ok) throw new Error(list.error.message);
      link.write(this.frame(JT808_ATTACHMENT_MESSAGE_ID.fileList, list.value));
      const listed = await link.answer((a) => a.header.messageId === 0x8001);
      if (listed === undefined || listed.body.at(-1) !== 0) throw new Error("0x1210 refused");
      for (const file of files) await this.sendFile(link, file);
    } finally {
      await link.end();
    }
  }

  private async sendFile(
    link: Link<Jt808Frame>,
    file: { readonly name: string; readonly type: number; readonly data: Uint8Array },
  ): Promise<void> {
    const info = encodeJt808AttachmentFile({ name: file.name, type: file.type, size: file.data.length });
    if (!info.ok) throw new Error(info.error.message);
    link.write(this.frame(JT808_ATTACHMENT_MESSAGE_ID.fileInfo, info.value));
    await link.answer((a) => a.header.messageId === 0x8001);
    let ranges = [{ offset: 0, length: file.data.length }];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      for (const r of ranges) {
        for (let at = r.offset; at < r.offset + r.length; at += SIM_ATTACHMENT_CHUNK) {
          const end = Math.min(r.offset + r.length, at + SIM_ATTACHMENT_CHUNK);
          // Only the first pass loses frames: the resend path is used, and it ends.
          if (round === 0 && this.dropRate > 0 && this.host.random() < this.dropRate) continue;
          const data = encodeJt808DataFrame({ name: file.name, offset: at, data: file.data.subarray(at, end) });
          if (data.ok) link.write(data.value);
        }
      }
      link.write(this.frame(JT808_ATTACHMENT_MESSAGE_ID.fileDone, info.value));
      const frame = await link.answer((a) => a.header.messageId === JT808_ATTACHMENT_MESSAGE_ID.fileDoneAnswer);
      const answer = frame ? decodeJt808AttachmentAnswer(frame.body) : undefined;
      if (answer === undefined || !answer.ok) throw new Error("no 0x9212");
      if (answer.value.result === 0) {
        this.counts.filesDone++;
        return;
      }
      this.counts.resends++;
      ranges = [...answer.value.resend];
    }
    throw new Error(`${file.name}: not complete after ${MAX_ROUNDS} rounds`);
  }
}
