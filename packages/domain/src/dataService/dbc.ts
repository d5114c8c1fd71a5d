import { CAN_EXTENDED_ID_MAX, canIdText, canSignalBits, canSignalCode } from "./canSignal";

/**
 * A reader of the parts of a Vector DBC file (CAN database, text) the CAN signal register
 * needs: messages (BO_), their signals (SG_), cycle times (BA_ "GenMsgCycleTime") and signal
 * comments (CM_ SG_). Every other keyword (VERSION, NS_, BS_, BU_, VAL_, BA_DEF_ …) is skipped.
 * A BO_ or SG_ line that cannot be read is reported with its line number and reason, never
 * thrown: the operator fixes those lines and imports again.
 *
 * Why not a package: the npm DBC readers are general CAN toolboxes with their own runtime
 * dependencies, and @tsp/domain may import only valibot and date-fns; a report per line is
 * what an import needs, and the grammar of these four lines is small.
 */

export interface DbcMessage {
  /** The frame id without the extended flag. */
  id: number;
  extended: boolean;
  name: string;
  /** Payload bytes (8 classic CAN, up to 64 CAN FD). */
  dlc: number;
  transmitter: string;
  line: number;
  /** GenMsgCycleTime in ms, when the file gives one. */
  cycleMs: number | null;
}

export interface DbcSignal {
  messageId: number;
  extended: boolean;
  messageName: string;
  name: string;
  /** "M" for the multiplexor, "m3" for a signal sent when it is 3, null for a plain signal. */
  multiplex: string | null;
  startBit: number;
  length: number;
  byteOrder: "intel" | "motorola";
  valueType: "unsigned" | "signed";
  factor: number;
  offset: number;
  /** Null when the file says [0|0] (no range given). */
  min: number | null;
  max: number | null;
  unit: string;
  receivers: string[];
  comment: string | null;
  line: number;
}

export interface DbcProblem {
  /** 1-based line number in the file. */
  line: number;
  /** The line as written (at most 120 characters). */
  text: string;
  reason: string;
}

export interface DbcFile {
  messages: DbcMessage[];
  signals: DbcSignal[];
  problems: DbcProblem[];
}

export const MSG_DBC_BO = "BO_行格式不正确，应为：BO_ 报文ID 报文名: 长度 发送节点";
export const MSG_DBC_SG =
  'SG_行格式不正确，应为：SG_ 信号名 : 起始位|长度@字节序符号 (精度,偏移) [最小|最大] "单位" 接收节点';
export const MSG_DBC_SG_ORPHAN = "SG_行之前没有所属的BO_报文";
export const MSG_DBC_ID = `报文ID超出范围（扩展帧最多0x${CAN_EXTENDED_ID_MAX.toString(16).toUpperCase()}）`;
export const MSG_DBC_DLC = "报文长度应为0至64字节";
export const MSG_DBC_LENGTH = "信号长度应为1至64位";
export const MSG_DBC_BITS = "信号的起始位和长度超出了报文数据区";
export const MSG_DBC_FACTOR = "精度(factor)不能为0";
export const msgDbcDuplicateMessage = (id: string) => `报文ID ${id}重复定义`;
export const msgDbcDuplicateSignal = (name: string) => `同一报文中信号${name}重复定义`;
export const MSG_DBC_EMPTY = "文件中没有读到任何BO_/SG_定义，请确认是DBC文件";

/** The id DBC files give to signals that belong to no message (VECTOR__INDEPENDENT_SIG_MSG). */
const INDEPENDENT_ID = 0xc000_0000;
const EXTENDED_FLAG = 0x8000_0000;

const NUM = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
const IDENT = "[A-Za-z_][A-Za-z0-9_]*";
const BO_RE = new RegExp(String.raw`^BO_\s+(\d+)\s+(${IDENT})\s*:\s*(\d+)\s+(${IDENT})\s*$`, "u");
const SG_RE = new RegExp(
  String.raw`^SG_\s+(${IDENT})\s*(M|m\d+M?)?\s*:\s*(\d+)\|(\d+)@([01])([+-])\s*\(\s*(${NUM})\s*,\s*(${NUM})\s*\)\s*\[\s*(${NUM})\s*\|\s*(${NUM})\s*\]\s*"([^"]*)"\s*(.*)$`,
  "u",
);
const CYCLE_RE = /^BA_\s+"GenMsgCycleTime"\s+BO_\s+(\d+)\s+(\d+)\s*;\s*$/u;
const COMMENT_RE = new RegExp(String.raw`^CM_\s+SG_\s+(\d+)\s+(${IDENT})\s+"((?:[^"\\]|\\.)*)"\s*;\s*$`, "su");

const shown = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

/** Reads a DBC file's text (any line ending). Never throws. */
export function parseDbc(text: string): DbcFile {
  const lines = text.replace(/^\uFEFF/u, "").split(/\r\n|\r|\n/u);
  const messages: DbcMessage[] = [];
  const signals: DbcSignal[] = [];
  const problems: DbcProblem[] = [];
  const byRawId = new Map<number, DbcMessage>();
  const cycles = new Map<number, number>();
  const comments = new Map<string, string>();
  let current: DbcMessage | null = null;
  /** Signals of the independent pseudo-message are skipped. */
  let skipping = false;
  const problem = (line: number, raw: string, reason: string) => problems.push({ line, text: shown(raw), reason });

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const line = raw.trim();
    const n = i + 1;
    if (/^BO_\s/u.test(line) || line === "BO_") {
      current = null;
      skipping = false;
      const m = BO_RE.exec(line);
      if (!m) {
        problem(n, raw, MSG_DBC_BO);
        continue;
      }
      const rawId = Number(m[1]);
      if (rawId === INDEPENDENT_ID) {
        skipping = true;
        continue;
      }
      const extended = rawId >= EXTENDED_FLAG;
      const id = extended ? rawId - EXTENDED_FLAG : rawId;
      const dlc = Number(m[3]);
      if (id > CAN_EXTENDED_ID_MAX || rawId > 0xffff_ffff) problem(n, raw, MSG_DBC_ID);
      else if (dlc > 64) problem(n, raw, MSG_DBC_DLC);
      else if (byRawId.has(rawId)) problem(n, raw, msgDbcDuplicateMessage(canIdText(id, extended)));
      else {
        current = { id, extended, name: m[2] as string, dlc, transmitter: m[4] as string, line: n, cycleMs: null };
        messages.push(current);
        byRawId.set(rawId, current);
      }
      continue;
    }
    if (/^SG_\s/u.test(line) || line === "SG_") {
      if (skipping) continue;
      const m = SG_RE.exec(line);
      if (!m) {
        problem(n, raw, MSG_DBC_SG);
        continue;
      }
      if (!current) {
        problem(n, raw, MSG_DBC_SG_ORPHAN);
        continue;
      }
      const name = m[1] as string;
      const startBit = Number(m[3]);
      const length = Number(m[4]);
      const byteOrder = m[5] === "1" ? "intel" : "motorola";
      const factor = Number(m[7]);
      const bits = canSignalBits(startBit, length, byteOrder);
      if (length < 1 || length > 64) problem(n, raw, MSG_DBC_LENGTH);
      else if (bits === null || bits.some((b) => b >= (current as DbcMessage).dlc * 8)) problem(n, raw, MSG_DBC_BITS);
      else if (factor === 0) problem(n, raw, MSG_DBC_FACTOR);
      else if (signals.some((s) => s.messageId === current?.id && s.extended === current.extended && s.name === name))
        problem(n, raw, msgDbcDuplicateSignal(name));
      else {
        const min = Number(m[9]);
        const max = Number(m[10]);
        const noRange = min === 0 && max === 0;
        signals.push({
          messageId: current.id,
          extended: current.extended,
          messageName: current.name,
          name,
          multiplex: m[2] ?? null,
          startBit,
          length,
          byteOrder,
          valueType: m[6] === "-" ? "signed" : "unsigned",
          factor,
          offset: Number(m[8]),
          min: noRange ? null : min,
          max: noRange ? null : max,
          unit: m[11] as string,
          receivers: (m[12] as string).split(/[\s,]+/u).filter((r) => r !== "" && r !== "Vector__XXX"),
          comment: null,
          line: n,
        });
      }
      continue;
    }
    if (line !== "") current = null;
    const cycle = CYCLE_RE.exec(line);
    if (cycle) {
      cycles.set(Number(cycle[1]), Number(cycle[2]));
      continue;
    }
    if (/^CM_\s+SG_\s/u.test(line)) {
      // A comment may run over several lines, up to its closing `";`.
      let whole = line;
      while (!/"\s*;\s*$/u.test(whole) && i + 1 < lines.length) {
        i += 1;
        whole += `\n${lines[i] as string}`;
      }
      const c = COMMENT_RE.exec(whole);
      if (c) comments.set(`${c[1]}/${c[2]}`, (c[3] as string).replace(/\\"/gu, '"').trim());
    }
  }
  for (const [rawId, ms] of cycles) {
    const message = byRawId.get(rawId);
    if (message) message.cycleMs = ms;
  }
  for (const s of signals) {
    const rawId = s.extended ? s.messageId + EXTENDED_FLAG : s.messageId;
    s.comment = comments.get(`${rawId}/${s.name}`) ?? null;
  }
  if (messages.length === 0 && signals.length === 0 && problems.length === 0)
    problems.push({ line: 1, text: shown(lines[0] as string), reason: MSG_DBC_EMPTY });
  return { messages, signals, problems };
}

/** Sampling period of a signal whose message gives no cycle time (ms). */
export const DBC_DEFAULT_PERIOD_MS = 1000;

/**
 * A DBC file's signals as rows of the CAN signal register (CAN_SIGNAL_REGISTER's fields) for
 * one vehicle model: code `<model>.<id>.<signal>`, the message's cycle time as the period
 * (else 1000 ms, at least 10), the signal's comment as its Chinese name when it has one
 * (cut to 60 characters). Each row keeps the line it came from.
 */
export function dbcSignalRows(
  file: DbcFile,
  vehicleModel: string,
): { line: number; row: Record<string, string | number | null> }[] {
  const cycleOf = new Map(file.messages.map((m) => [`${m.extended}/${m.id}`, m.cycleMs]));
  return file.signals.map((s) => {
    const cycle = cycleOf.get(`${s.extended}/${s.messageId}`) ?? null;
    const messageId = canIdText(s.messageId, s.extended);
    return {
      line: s.line,
      row: {
        code: canSignalCode(vehicleModel, messageId, s.name),
        vehicleModel,
        messageId,
        signalName: s.name,
        nameZh: s.comment === null ? null : s.comment.slice(0, 60),
        startBit: s.startBit,
        bitLength: s.length,
        byteOrder: s.byteOrder,
        valueType: s.valueType,
        factor: s.factor,
        valueOffset: s.offset,
        minValue: s.min,
        maxValue: s.max,
        unit: s.unit === "" ? null : s.unit,
        periodMs: Math.max(10, cycle === null || cycle === 0 ? DBC_DEFAULT_PERIOD_MS : cycle),
        remark: s.multiplex === null ? null : `多路复用 ${s.multiplex}`,
      },
    };
  });
}
