import { ok, type Result } from "../../shared/result";
import { concat, isUint, Reader, uintBytes } from "../bytes";
import { type Jt808Error, jt808Error } from "../errors";
import { readAscii, writeAscii } from "../text";
import { type Jt808AlarmMark, readJt808AlarmMark, writeJt808AlarmMark } from "./alarmMark";

/** Message ids of the 苏标 attachment flow (T/JSATL 12-2017 §4.5). */
export const JT808_ATTACHMENT_MESSAGE_ID = {
  /** Platform → terminal on the JT/T 808 link: upload this alarm's attachments there. */
  uploadRequest: 0x9208,
  /** Terminal → attachment server: the alarm's file list. */
  fileList: 0x1210,
  /** Terminal → attachment server: one file is about to come. */
  fileInfo: 0x1211,
  /** Terminal → attachment server: one file was sent. */
  fileDone: 0x1212,
  /** Attachment server → terminal: the file is complete (0) or these ranges again (1). */
  fileDoneAnswer: 0x9212,
} as const;

/** 报警编号 length: the platform's unique number of the alarm (32 ASCII bytes). */
export const JT808_ALARM_NUMBER_LENGTH = 32;
/** File types of 0x1211/0x1212/0x9212: 0 图片, 1 音频, 2 视频, 3 文本, 4 其它. */
export const JT808_ATTACHMENT_FILE_TYPES = ["图片", "音频", "视频", "文本", "其它"] as const;

/** 0x9208 报警附件上传指令. */
export interface Jt808AttachmentRequest {
  readonly host: string;
  readonly tcpPort: number;
  readonly udpPort: number;
  readonly mark: Jt808AlarmMark;
  readonly alarmNumber: string;
}

/** 0x1210 报警附件信息消息; `infoType` 0 正常报警文件信息, 1 补传报警文件信息. */
export interface Jt808AttachmentList {
  readonly terminalId: string;
  readonly mark: Jt808AlarmMark;
  readonly alarmNumber: string;
  readonly infoType: number;
  readonly files: readonly { readonly name: string; readonly size: number }[];
}

/** 0x1211 文件信息上传 and 0x1212 文件上传完成消息 (the same body). */
export interface Jt808AttachmentFile {
  readonly name: string;
  readonly type: number;
  readonly size: number;
}

/** 0x9212 文件上传完成消息应答; `result` 0 完成, 1 需要补传 with the ranges to send again. */
export interface Jt808AttachmentAnswer {
  readonly name: string;
  readonly type: number;
  readonly result: number;
  readonly resend: readonly { readonly offset: number; readonly length: number }[];
}

const nameField = (text: string, field: string): Result<Uint8Array, Jt808Error> => {
  const bytes = writeAscii(text, field, Math.min(text.length, 255));
  return bytes.ok ? ok(concat([uintBytes(bytes.value.length, 1), bytes.value])) : bytes;
};
const readName = (r: Reader, field: string): Result<string, Jt808Error> => {
  const n = r.uint(1, `${field}长度`);
  if (!n.ok) return n;
  const bytes = r.take(n.value, field);
  return bytes.ok ? readAscii(bytes.value, field) : bytes;
};
/** The 报警编号 field of 0x9208 and 0x1210: 32 bytes of ASCII (zero padding dropped). */
const readAlarmNumber = (r: Reader): Result<string, Jt808Error> => {
  const bytes = r.take(JT808_ALARM_NUMBER_LENGTH, "报警编号");
  return bytes.ok ? readAscii(bytes.value, "报警编号") : bytes;
};
const writeAlarmNumber = (text: string): Result<Uint8Array, Jt808Error> =>
  writeAscii(text, "报警编号", JT808_ALARM_NUMBER_LENGTH);
const end = <T>(r: Reader, value: T, what: string): Result<T, Jt808Error> =>
  r.remaining === 0 ? ok(value) : jt808Error("length-mismatch", `${what}多出${r.remaining}字节`, r.offset);
const checkUints = (values: readonly [number, number, string][]): Result<true, Jt808Error> => {
  for (const [v, max, label] of values) {
    if (!isUint(v, max)) return jt808Error("bad-number", `“${label}”应为0–${max}的整数`);
  }
  return ok(true);
};

/** Writes a 0x9208 body (the reserved 16 bytes zero). */
export function encodeJt808AttachmentRequest(m: Jt808AttachmentRequest): Result<Uint8Array, Jt808Error> {
  const host = nameField(m.host, "附件服务器IP地址");
  if (!host.ok) return host;
  const ports = checkUints([
    [m.tcpPort, 0xffff, "TCP端口"],
    [m.udpPort, 0xffff, "UDP端口"],
  ]);
  if (!ports.ok) return ports;
  const mark = writeJt808AlarmMark(m.mark);
  if (!mark.ok) return mark;
  const number = writeAlarmNumber(m.alarmNumber);
  if (!number.ok) return number;
  return ok(
    concat([
      host.value,
      uintBytes(m.tcpPort, 2),
      uintBytes(m.udpPort, 2),
      mark.value,
      number.value,
      new Uint8Array(16),
    ]),
  );
}

/** Reads a 0x9208 body (the simulated terminal's side). */
export function decodeJt808AttachmentRequest(body: Uint8Array): Result<Jt808AttachmentRequest, Jt808Error> {
  const r = new Reader(body);
  const host = readName(r, "附件服务器IP地址");
  if (!host.ok) return host;
  const tcpPort = r.uint(2, "TCP端口");
  if (!tcpPort.ok) return tcpPort;
  const udpPort = r.uint(2, "UDP端口");
  if (!udpPort.ok) return udpPort;
  const mark = readJt808AlarmMark(r);
  if (!mark.ok) return mark;
  const alarmNumber = readAlarmNumber(r);
  if (!alarmNumber.ok) return alarmNumber;
  const reserved = r.take(16, "预留");
  if (!reserved.ok) return reserved;
  return end(
    r,
    {
      host: host.value,
      tcpPort: tcpPort.value,
      udpPort: udpPort.value,
      mark: mark.value,
      alarmNumber: alarmNumber.value,
    },
    "报警附件上传指令",
  );
}

/** Writes a 0x1210 body (the simulated terminal's side). */
export function encodeJt808AttachmentList(m: Jt808AttachmentList): Result<Uint8Array, Jt808Error> {
  const id = writeAscii(m.terminalId, "终端ID", 7);
  if (!id.ok) return id;
  const mark = writeJt808AlarmMark(m.mark);
  if (!mark.ok) return mark;
  const number = writeAlarmNumber(m.alarmNumber);
  if (!number.ok) return number;
  const checked = checkUints([
    [m.infoType, 0xff, "信息类型"],
    [m.files.length, 0xff, "附件数量"],
    ...m.files.map((f): [number, number, string] => [f.size, 0xffffffff, "文件大小"]),
  ]);
  if (!checked.ok) return checked;
  const files: Uint8Array[] = [];
  for (const f of m.files) {
    const name = nameField(f.name, "文件名称");
    if (!name.ok) return name;
    files.push(name.value, uintBytes(f.size, 4));
  }
  return ok(
    concat([id.value, mark.value, number.value, uintBytes(m.infoType, 1), uintBytes(m.files.length, 1), ...files]),
  );
}

/** Reads a 0x1210 body. */
export function decodeJt808AttachmentList(body: Uint8Array): Result<Jt808AttachmentList, Jt808Error> {
  const r = new Reader(body);
  const id = r.take(7, "终端ID");
  if (!id.ok) return id;
  const terminalId = readAscii(id.value, "终端ID");
  if (!terminalId.ok) return terminalId;
  const mark = readJt808AlarmMark(r);
  if (!mark.ok) return mark;
  const alarmNumber = readAlarmNumber(r);
  if (!alarmNumber.ok) return alarmNumber;
  const infoType = r.uint(1, "信息类型");
  if (!infoType.ok) return infoType;
  const count = r.uint(1, "附件数量");
  if (!count.ok) return count;
  const files: { name: string; size: number }[] = [];
  for (let i = 0; i < count.value; i++) {
    const name = readName(r, "文件名称");
    if (!name.ok) return name;
    const size = r.uint(4, "文件大小");
    if (!size.ok) return size;
    files.push({ name: name.value, size: size.value });
  }
  return end(
    r,
    { terminalId: terminalId.value, mark: mark.value, alarmNumber: alarmNumber.value, infoType: infoType.value, files },
    "报警附件信息消息",
  );
}

/** Writes a 0x1211 or 0x1212 body. */
export function encodeJt808AttachmentFile(m: Jt808AttachmentFile): Result<Uint8Array, Jt808Error> {
  const name = nameField(m.name, "文件名称");
  if (!name.ok) return name;
  const checked = checkUints([
    [m.type, 0xff, "文件类型"],
    [m.size, 0xffffffff, "文件大小"],
  ]);
  if (!checked.ok) return checked;
  return ok(concat([name.value, uintBytes(m.type, 1), uintBytes(m.size, 4)]));
}

/** Reads a 0x1211 or 0x1212 body. */
export function decodeJt808AttachmentFile(body: Uint8Array): Result<Jt808AttachmentFile, Jt808Error> {
  const r = new Reader(body);
  const name = readName(r, "文件名称");
  if (!name.ok) return name;
  const type = r.uint(1, "文件类型");
  if (!type.ok) return type;
  const size = r.uint(4, "文件大小");
  if (!size.ok) return size;
  return end(r, { name: name.value, type: type.value, size: size.value }, "文件信息");
}

/** Writes a 0x9212 body. */
export function encodeJt808AttachmentAnswer(m: Jt808AttachmentAnswer): Result<Uint8Array, Jt808Error> {
  const name = nameField(m.name, "文件名称");
  if (!name.ok) return name;
  const checked = checkUints([
    [m.type, 0xff, "文件类型"],
    [m.result, 0xff, "上传结果"],
    [m.resend.length, 0xff, "补传数据包数量"],
    ...m.resend.flatMap((p): [number, number, string][] => [
      [p.offset, 0xffffffff, "补传数据偏移量"],
      [p.length, 0xffffffff, "补传数据长度"],
    ]),
  ]);
  if (!checked.ok) return checked;
  return ok(
    concat([
      name.value,
      uintBytes(m.type, 1),
      uintBytes(m.result, 1),
      uintBytes(m.resend.length, 1),
      ...m.resend.flatMap((p) => [uintBytes(p.offset, 4), uintBytes(p.length, 4)]),
    ]),
  );
}

/** Reads a 0x9212 body (the simulated terminal's side). */
export function decodeJt808AttachmentAnswer(body: Uint8Array): Result<Jt808AttachmentAnswer, Jt808Error> {
  const r = new Reader(body);
  const name = readName(r, "文件名称");
  if (!name.ok) return name;
  const type = r.uint(1, "文件类型");
  if (!type.ok) return type;
  const result = r.uint(1, "上传结果");
  if (!result.ok) return result;
  const count = r.uint(1, "补传数据包数量");
  if (!count.ok) return count;
  const resend: { offset: number; length: number }[] = [];
  for (let i = 0; i < count.value; i++) {
    const offset = r.uint(4, "补传数据偏移量");
    if (!offset.ok) return offset;
    const length = r.uint(4, "补传数据长度");
    if (!length.ok) return length;
    resend.push({ offset: offset.value, length: length.value });
  }
  return end(r, { name: name.value, type: type.value, result: result.value, resend }, "文件上传完成消息应答");
}
