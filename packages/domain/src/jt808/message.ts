import { ok, type Result } from "../shared/result";
import { decodeJt808Authentication, encodeJt808Authentication, type Jt808Authentication } from "./authentication";
import { decodeJt808BatchLocation, encodeJt808BatchLocation, type Jt808BatchLocation } from "./batchLocation";
import { type Jt808Error, jt808Error } from "./errors";
import { decodeJt808Frame, encodeJt808Frame, type Jt808Frame, type Jt808Header } from "./frame";
import { decodeJt808Location, encodeJt808Location, type Jt808Location } from "./location";
import {
  decodeJt808Register,
  decodeJt808RegisterResponse,
  encodeJt808Register,
  encodeJt808RegisterResponse,
  type Jt808Register,
  type Jt808RegisterResponse,
} from "./register";
import { decodeJt808GeneralResponse, encodeJt808GeneralResponse, type Jt808GeneralResponse } from "./response";

/** Message ids this codec reads and writes. */
export const JT808_MESSAGE_ID = {
  terminalResponse: 0x0001,
  heartbeat: 0x0002,
  register: 0x0100,
  authentication: 0x0102,
  location: 0x0200,
  batchLocation: 0x0704,
  platformResponse: 0x8001,
  registerResponse: 0x8100,
} as const;

/** A decoded body, by message. */
export type Jt808Body =
  | { readonly kind: "terminalResponse"; readonly response: Jt808GeneralResponse }
  | { readonly kind: "heartbeat" }
  | { readonly kind: "register"; readonly register: Jt808Register }
  | { readonly kind: "authentication"; readonly authentication: Jt808Authentication }
  | { readonly kind: "location"; readonly location: Jt808Location }
  | { readonly kind: "batchLocation"; readonly batch: Jt808BatchLocation }
  | { readonly kind: "platformResponse"; readonly response: Jt808GeneralResponse }
  | { readonly kind: "registerResponse"; readonly response: Jt808RegisterResponse };

/** A whole message: the frame's header and its decoded body. */
export interface Jt808Message {
  readonly header: Jt808Header;
  readonly body: Jt808Body;
}

function hex4(n: number): string {
  return `0x${n.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Reads the body of a message (a whole one: a sub-packaged message is reassembled first, see
 * {@link addJt808Fragment}). An id this codec does not know is an "unknown-message" error, so
 * the caller can answer 0x8001 "not supported" and keep the raw frame.
 */
export function decodeJt808Body(
  messageId: number,
  edition: 2013 | 2019,
  body: Uint8Array,
): Result<Jt808Body, Jt808Error> {
  const wrap = <T>(r: Result<T, Jt808Error>, make: (v: T) => Jt808Body): Result<Jt808Body, Jt808Error> =>
    r.ok ? ok(make(r.value)) : r;
  switch (messageId) {
    case JT808_MESSAGE_ID.terminalResponse:
      return wrap(decodeJt808GeneralResponse(body), (response) => ({ kind: "terminalResponse", response }));
    case JT808_MESSAGE_ID.heartbeat:
      return body.length === 0
        ? ok({ kind: "heartbeat" })
        : jt808Error("length-mismatch", `终端心跳的消息体应为空，实际为${body.length}字节`);
    case JT808_MESSAGE_ID.register:
      return wrap(decodeJt808Register(body, edition), (register) => ({ kind: "register", register }));
    case JT808_MESSAGE_ID.authentication:
      return wrap(decodeJt808Authentication(body, edition), (authentication) => ({
        kind: "authentication",
        authentication,
      }));
    case JT808_MESSAGE_ID.location:
      return wrap(decodeJt808Location(body), (report) => ({ kind: "location", location: report }));
    case JT808_MESSAGE_ID.batchLocation:
      return wrap(decodeJt808BatchLocation(body), (batch) => ({ kind: "batchLocation", batch }));
    case JT808_MESSAGE_ID.platformResponse:
      return wrap(decodeJt808GeneralResponse(body), (response) => ({ kind: "platformResponse", response }));
    case JT808_MESSAGE_ID.registerResponse:
      return wrap(decodeJt808RegisterResponse(body), (response) => ({ kind: "registerResponse", response }));
    default:
      return jt808Error("unknown-message", `不支持的消息ID ${hex4(messageId)}`);
  }
}

/** Writes the body of a message and gives its id. */
export function encodeJt808Body(
  body: Jt808Body,
  edition: 2013 | 2019,
): Result<{ readonly messageId: number; readonly body: Uint8Array }, Jt808Error> {
  const messageId = JT808_MESSAGE_ID[body.kind];
  const bytes = ((): Result<Uint8Array, Jt808Error> => {
    switch (body.kind) {
      case "terminalResponse":
      case "platformResponse":
        return encodeJt808GeneralResponse(body.response);
      case "heartbeat":
        return ok(new Uint8Array(0));
      case "register":
        return encodeJt808Register(body.register, edition);
      case "authentication":
        return encodeJt808Authentication(body.authentication, edition);
      case "location":
        return encodeJt808Location(body.location);
      case "batchLocation":
        return encodeJt808BatchLocation(body.batch);
      case "registerResponse":
        return encodeJt808RegisterResponse(body.response);
    }
  })();
  return bytes.ok ? ok({ messageId, body: bytes.value }) : bytes;
}

/**
 * Reads one whole frame and its body. A sub-package is refused ("bad-package"): its body is a
 * slice of a message, to be put together with {@link addJt808Fragment} and then read with
 * {@link decodeJt808Body}.
 */
export function decodeJt808Message(bytes: Uint8Array): Result<Jt808Message, Jt808Error> {
  const frame = decodeJt808Frame(bytes);
  if (!frame.ok) return frame;
  const { header } = frame.value;
  if (header.package !== undefined) {
    return jt808Error("bad-package", `第${header.package.index}/${header.package.total}包是分包，需合包后再解析`);
  }
  const body = decodeJt808Body(header.messageId, header.edition, frame.value.body);
  return body.ok ? ok({ header, body: body.value }) : body;
}

/**
 * Writes one whole message. The header's `messageId` is taken from the body's kind; a body
 * over 1023 bytes is refused (sub-packaging a long message is the caller's choice of sizes).
 */
export function encodeJt808Message(
  header: Omit<Jt808Header, "messageId">,
  body: Jt808Body,
): Result<Uint8Array, Jt808Error> {
  const encoded = encodeJt808Body(body, header.edition);
  if (!encoded.ok) return encoded;
  const frame: Jt808Frame = { header: { ...header, messageId: encoded.value.messageId }, body: encoded.value.body };
  return encodeJt808Frame(frame);
}
