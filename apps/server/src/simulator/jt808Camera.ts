import {
  decodeJt808CameraShoot,
  decodeJt808MediaAnswer,
  encodeJt808CameraAnswer,
  encodeJt808Frame,
  encodeJt808MediaUpload,
  JT808_CAMERA_RECORD,
  JT808_MEDIA_MESSAGE_ID,
  type Jt808Frame,
  type Jt808Header,
  type Jt808Location,
  splitJt808Message,
} from "@tsp/domain";
import { simulatedCameraPhoto } from "./cameraPhoto";

/** Channels a simulated terminal has cameras on (JT/T 1078: 1 driver, 2 front, 3 front door, 4 cabin). */
export const SIM_CAMERA_CHANNELS = 4;
/** Body bytes per 0x0801 package: the 3,975-byte photo goes in five. */
export const SIM_PACKAGE_BYTES = 1000;
/** Photos a simulated camera takes for one command at most. */
const MAX_PHOTOS = 3;
/** Uploads kept for re-sending on 0x8800. */
const KEPT = 10;

/** What the camera needs from its terminal: a header for the next serials, the last location, a writer. */
export interface CameraHost {
  /** The header of a terminal message with `count` consecutive serials reserved (the first returned). */
  header(count: number): Omit<Jt808Header, "messageId" | "package">;
  location(): Jt808Location;
  write(bytes: Uint8Array): void;
}

/**
 * A simulated JT/T 808 camera: answers 0x8801 with 0x0805 and uploads each photo as a
 * sub-packaged 0x0801 (event 0 平台下发指令); re-sends packages a 0x8800 asks for. Channels
 * above 4 answer 2 (通道不支持); video (0xFFFF) answers 1 (失败: no video on a simulated
 * camera); save flag 1 keeps the photos (ids answered, nothing uploaded).
 */
export class SimCamera {
  private nextId = 1;
  private readonly uploads = new Map<number, Uint8Array[]>();
  /** Packages the next upload leaves out once, to exercise 0x8800's re-send (tests). */
  dropOnce: number[] = [];

  constructor(private readonly host: CameraHost) {}

  /** Whether the camera reads this platform message. */
  static reads(messageId: number): boolean {
    return messageId === JT808_MEDIA_MESSAGE_ID.cameraShoot || messageId === JT808_MEDIA_MESSAGE_ID.mediaAnswer;
  }

  /** Handles a platform message the camera reads. */
  receive(frame: Jt808Frame): void {
    if (frame.header.messageId === JT808_MEDIA_MESSAGE_ID.mediaAnswer) {
      const answer = decodeJt808MediaAnswer(frame.body);
      if (!answer.ok) return;
      const packages = this.uploads.get(answer.value.mediaId);
      if (answer.value.resend.length === 0) this.uploads.delete(answer.value.mediaId);
      else for (const i of answer.value.resend) if (packages?.[i - 1]) this.host.write(packages[i - 1] as Uint8Array);
      return;
    }
    const shoot = decodeJt808CameraShoot(frame.body);
    const serial = frame.header.serial;
    const refusal = !shoot.ok
      ? 1
      : shoot.value.channel > SIM_CAMERA_CHANNELS
        ? 2
        : shoot.value.command === JT808_CAMERA_RECORD
          ? 1
          : undefined;
    if (!shoot.ok || refusal !== undefined) {
      this.answer(serial, refusal ?? 1, []);
      return;
    }
    const { channel, command, save } = shoot.value;
    const ids = Array.from({ length: Math.min(command, MAX_PHOTOS) }, () => this.nextId++);
    this.answer(serial, 0, ids);
    if (save === 1) return;
    for (const id of ids) this.upload(id, channel);
  }

  private answer(serial: number, result: number, mediaIds: number[]): void {
    const body = encodeJt808CameraAnswer({ serial, result, mediaIds });
    if (!body.ok) return;
    const bytes = encodeJt808Frame({
      header: { ...this.host.header(1), messageId: JT808_MEDIA_MESSAGE_ID.cameraAnswer },
      body: body.value,
    });
    if (bytes.ok) this.host.write(bytes.value);
  }

  private upload(mediaId: number, channel: number): void {
    const { items: _items, ...base } = this.host.location();
    const body = encodeJt808MediaUpload({
      mediaId,
      type: 0,
      format: 0,
      event: 0,
      channel,
      location: { ...base, items: [] },
      data: simulatedCameraPhoto(),
    });
    if (!body.ok) return;
    const total = Math.ceil(body.value.length / SIM_PACKAGE_BYTES);
    const parts = splitJt808Message(
      { header: { ...this.host.header(total), messageId: JT808_MEDIA_MESSAGE_ID.mediaUpload }, body: body.value },
      SIM_PACKAGE_BYTES,
    );
    if (!parts.ok) return;
    const packages = parts.value.flatMap((p) => {
      const bytes = encodeJt808Frame(p);
      return bytes.ok ? [bytes.value] : [];
    });
    this.uploads.set(mediaId, packages);
    for (const old of [...this.uploads.keys()].slice(0, Math.max(0, this.uploads.size - KEPT)))
      this.uploads.delete(old);
    const dropped = new Set(this.dropOnce);
    this.dropOnce = [];
    packages.forEach((p, i) => {
      if (!dropped.has(i + 1)) this.host.write(p);
    });
  }
}
