import { ok, type Result } from "../shared/result";
import { isUint } from "./bytes";
import { type Jt808Error, jt808Error } from "./errors";
import { JT808_MAX_BODY_LENGTH, type Jt808Frame } from "./frame";

/**
 * Cuts a long message into sub-packages (the inverse of {@link addJt808Fragment}): bodies of at
 * most `maxBodyLength` bytes, package 1…n with consecutive serials from the message's serial
 * (wrapping at 65536). A body that fits stays one frame without the sub-package flag. The
 * header's own `package`, if any, is replaced.
 */
export function splitJt808Message(
  frame: Jt808Frame,
  maxBodyLength: number = JT808_MAX_BODY_LENGTH,
): Result<Jt808Frame[], Jt808Error> {
  if (!isUint(maxBodyLength, JT808_MAX_BODY_LENGTH) || maxBodyLength === 0) {
    return jt808Error("bad-number", `分包长度应为1–${JT808_MAX_BODY_LENGTH}字节`);
  }
  const { package: _ignored, ...header } = frame.header;
  const total = Math.ceil(frame.body.length / maxBodyLength);
  if (total <= 1) return ok([{ header, body: frame.body }]);
  if (total > 0xffff) return jt808Error("bad-number", `消息体需分${total}包，超过上限65535包`);
  return ok(
    Array.from({ length: total }, (_, i) => ({
      header: { ...header, serial: (header.serial + i) % 0x10000, package: { total, index: i + 1 } },
      body: frame.body.subarray(i * maxBodyLength, (i + 1) * maxBodyLength),
    })),
  );
}
