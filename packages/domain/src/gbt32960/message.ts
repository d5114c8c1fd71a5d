import { ok, type Result } from "../shared/result";
import { COMMAND, ENCRYPTION, type Gbt32960Edition, RESPONSE_COMMAND } from "./codes";
import type { FrameError } from "./errors";
import { decodeFrame, encodeFrame, type Gbt32960Frame } from "./frame";
import { bytesToHex } from "./hex";
import { decodeRealtimeData, type RealtimeData } from "./realtime/realtimeData";
import { decodeVehicleLogin, encodeVehicleLogin, type VehicleLogin } from "./vehicleLogin";
import { decodeVehicleLogout, encodeVehicleLogout, type VehicleLogout } from "./vehicleLogout";

/**
 * What a journal message holds (platform-shell.md §2 "Vehicle login journal": the raw message
 * column). The body is read only for unencrypted command frames of vehicle login/logout and
 * real-time/re-sent data; answers from the platform, encrypted data units and other commands
 * keep their raw bytes in the frame.
 */
export type MessageBody =
  | { readonly kind: "login"; readonly login: VehicleLogin }
  | { readonly kind: "logout"; readonly logout: VehicleLogout }
  | { readonly kind: "realtime"; readonly realtime: RealtimeData }
  | { readonly kind: "other" };

/** A decoded journal message: the frame and, where readable, its body. */
export interface DecodedMessage {
  readonly frame: Gbt32960Frame;
  readonly body: MessageBody;
}

/** Decodes a journal's raw message (hex) into frame and body, or the first precise error. */
export function decodeMessage(input: string | Uint8Array): Result<DecodedMessage, FrameError> {
  const frame = decodeFrame(input);
  if (!frame.ok) return frame;
  const f = frame.value;
  const readable = f.responseFlag === RESPONSE_COMMAND && f.encryption === ENCRYPTION.none;
  if (readable && f.command === COMMAND.vehicleLogin) {
    const login = decodeVehicleLogin(f.data, f.edition);
    return login.ok ? ok({ frame: f, body: { kind: "login", login: login.value } }) : login;
  }
  if (readable && f.command === COMMAND.vehicleLogout) {
    const logout = decodeVehicleLogout(f.data);
    return logout.ok ? ok({ frame: f, body: { kind: "logout", logout: logout.value } }) : logout;
  }
  if (readable && (f.command === COMMAND.realtimeData || f.command === COMMAND.resentData)) {
    const realtime = decodeRealtimeData(f.data, f.edition);
    return realtime.ok ? ok({ frame: f, body: { kind: "realtime", realtime: realtime.value } }) : realtime;
  }
  return ok({ frame: f, body: { kind: "other" } });
}

function commandFrameHex(
  edition: Gbt32960Edition,
  command: number,
  vin: string,
  data: Result<Uint8Array, FrameError>,
): Result<string, FrameError> {
  if (!data.ok) return data;
  const bytes = encodeFrame({
    edition,
    command,
    responseFlag: RESPONSE_COMMAND,
    vin,
    encryption: ENCRYPTION.none,
    data: data.value,
  });
  return bytes.ok ? ok(bytesToHex(bytes.value)) : bytes;
}

/**
 * Hex of a complete, unencrypted vehicle login command frame — what the server's seed stores
 * as a login journal's raw message. The edition comes from the body.
 */
export function encodeVehicleLoginMessage(vin: string, login: VehicleLogin): Result<string, FrameError> {
  return commandFrameHex(login.edition, COMMAND.vehicleLogin, vin, encodeVehicleLogin(login));
}

/** Hex of a complete, unencrypted vehicle logout command frame of the given edition. */
export function encodeVehicleLogoutMessage(
  vin: string,
  logout: VehicleLogout,
  edition: Gbt32960Edition = 2016,
): Result<string, FrameError> {
  return commandFrameHex(edition, COMMAND.vehicleLogout, vin, encodeVehicleLogout(logout));
}
