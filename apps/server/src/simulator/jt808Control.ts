import {
  decodeJt808TerminalControl,
  decodeJt808VehicleControl,
  encodeJt808Frame,
  encodeJt808GeneralResponse,
  encodeJt808VehicleControlAnswer,
  type Jt808Error,
  type Jt808Frame,
  type Jt808TerminalControlCommand,
  type Result,
} from "@tsp/domain";
import type { CameraHost } from "./jt808Camera";

/** JT/T 808 status bit 12: 车门加锁. */
const DOOR_LOCKED_BIT = 1 << 12;

/**
 * A simulated terminal's side of 0x8105 终端控制 and 0x8500 车辆控制: a readable 0x8105 is
 * answered 0x0001 result 0 and remembered (`lastControl`; the simulated terminal does not really
 * reset, shut down or switch servers — the test fleet would lose it), an unreadable one 2 (消息有误);
 * 0x8500 sets the door lock (status bit 12 of the following locations) and answers 0x0500 with the
 * 0x8500's serial and the location after it — an unreadable one gets 0x0001 result 2.
 */
export class SimControl {
  /** The last terminal control received. */
  lastControl: Jt808TerminalControlCommand | undefined;
  doorLocked = false;

  constructor(private readonly host: CameraHost) {}

  static reads(messageId: number): boolean {
    return messageId === 0x8105 || messageId === 0x8500;
  }

  /** The status word with the door-lock bit as the simulated door is. */
  status(status: number): number {
    return this.doorLocked ? (status | DOOR_LOCKED_BIT) >>> 0 : (status & ~DOOR_LOCKED_BIT) >>> 0;
  }

  receive(frame: Jt808Frame): void {
    const { messageId, serial, edition } = frame.header;
    if (messageId === 0x8105) {
      const control = decodeJt808TerminalControl(frame.body);
      if (control.ok) this.lastControl = control.value.command;
      this.send(0x0001, encodeJt808GeneralResponse({ serial, messageId, result: control.ok ? 0 : 2 }));
      return;
    }
    const vehicle = decodeJt808VehicleControl(frame.body, edition);
    if (!vehicle.ok) {
      this.send(0x0001, encodeJt808GeneralResponse({ serial, messageId, result: 2 }));
      return;
    }
    for (const c of vehicle.value.controls) if (c.type === "door") this.doorLocked = c.action === "lock";
    const location = this.host.location();
    this.send(
      0x0500,
      encodeJt808VehicleControlAnswer({ serial, location: { ...location, status: this.status(location.status) } }),
    );
  }

  private send(messageId: number, body: Result<Uint8Array, Jt808Error>): void {
    if (!body.ok) return;
    const frame = encodeJt808Frame({ header: { ...this.host.header(1), messageId }, body: body.value });
    if (frame.ok) this.host.write(frame.value);
  }
}
