/**
 * The T-BOX load generator of the gateway benchmarks, in a process of its own (so the gateway's
 * process is measured alone and the generator's CPU is visible): started by `forkChild`, driven
 * over IPC.
 *
 * - `connect {port, count, series}`: opens `count` TCP connections, each logging in one vehicle
 *   `benchVin(i, series)` with a GB/T 32960-2016 login (0x01) and waiting for its 成功 answer.
 * - `run {seconds, warmupSeconds, probeEveryMs, periodMs}`: every connection sends real-time
 *   frames (0x02, 整车数据 + 车辆位置, encoded once per vehicle by @tsp/domain; each next frame
 *   gets a new collection time one second on, and its check code again) one at a time: the
 *   next as soon as the gateway's answer to the last arrives (the gateway answers only after
 *   the frame's batch is committed, so this is a closed loop at the gateway's pace). Answers
 *   are counted in the measured window after the warm-up; one frame every `probeEveryMs`
 *   (of whichever vehicle sends next) is reported (`{type: "probe", vin, collectedAt, sentAt}`) for the parent
 *   to look for through the journal call. With `periodMs` the load is paced instead (open loop):
 *   each connection sends one frame every `periodMs`, the connections spread evenly over it (a
 *   connection still waiting for its last answer skips its turn, counted as `skipped`).
 * - `connect {…, answerCommands: true}` instead: the connections read the gateway's frames with
 *   the gateway's own splitter and answer its commands (0x81 参数设置, 0x82 终端控制) 成功 at
 *   once, echoing the command's time as a terminal does (the commands benchmark).
 * - `connect {…, from}`: vehicles `from`, `from + 1`, … (the gateway memory benchmark opens its
 *   connections in steps).
 * - `close {count}`: closes the last `count` connections opened.
 * - `stop`: closes every connection and exits.
 */
import { connect, type Socket } from "node:net";
import {
  bcc,
  decodeFrame,
  encodeCollectionTime,
  encodeFrame,
  encodeRealtimeMessage,
  encodeVehicleLoginMessage,
  hexToBytes,
} from "@tsp/domain";
import { FrameSplitter } from "../../../apps/server/src/gateway/frameSplitter";
import { benchVin } from "./journalData";

/** Every answer of the gateway is 24 header bytes, a 6-byte time and the check code. */
const ANSWER_LENGTH = 31;
/** Data unit offset (after ##, command, flag, VIN, encryption, length). */
const DATA_AT = 24;
/** The first collection time of the load's frames: ten days before the start, one second per frame on. */
const BASE = Math.floor(Date.now() / 1000) * 1000 - 10 * 86_400_000;

const bytesOf = (r: { ok: true; value: string } | { ok: false; error: { message: string } }): Uint8Array => {
  if (!r.ok) throw new Error(r.error.message);
  const b = hexToBytes(r.value);
  if (!b.ok) throw new Error(b.error.message);
  return b.value;
};

interface Conn {
  readonly index: number;
  readonly vin: string;
  readonly socket: Socket;
  readonly template: Uint8Array;
  seq: number;
  sentAt: number;
  /** Bytes of the current answer read so far. */
  pos: number;
  /** What to do with the next complete answer. */
  onAnswer: ((flag: number) => void) | undefined;
  flag: number;
}

const conns: Conn[] = [];
let running = false;
let measuring = false;
let answered = 0;
let failed = 0;
let latencies: number[] = [];
let nextProbeAt = 0;
let paced = false;
let skipped = 0;
let probeEveryMs = 1000;
let answerCommands = false;
let commandsAnswered = 0;

function frameOf(c: Conn): Buffer {
  const frame = Buffer.from(c.template);
  c.seq += 1;
  const time = encodeCollectionTime(BASE + c.seq * 1000);
  if (!time.ok) throw new Error(time.error.message);
  frame.set(time.value, DATA_AT);
  frame[frame.length - 1] = bcc(frame, 2, frame.length - 1);
  return frame;
}

function sendNext(c: Conn): void {
  const frame = frameOf(c);
  c.sentAt = performance.now();
  if (measuring && Date.now() >= nextProbeAt) {
    nextProbeAt = Date.now() + probeEveryMs;
    process.send?.({ type: "probe", vin: c.vin, collectedAt: BASE + c.seq * 1000, sentAt: Date.now() });
  }
  c.onAnswer = (flag) => {
    if (measuring) {
      if (flag === 0x01) {
        answered += 1;
        latencies.push(performance.now() - c.sentAt);
      } else failed += 1;
    }
    if (running && !paced) sendNext(c);
    else c.onAnswer = undefined;
  };
  c.socket.write(frame);
}

function open(port: number, index: number, series: number): Promise<Conn> {
  const vin = benchVin(index, series);
  const template = bytesOf(
    encodeRealtimeMessage(vin, {
      collectedAt: BASE,
      longitude: 116.3 + (index % 1000) * 0.001,
      latitude: 39.9 + Math.floor(index / 1000) * 0.001,
      speedKmh: 40 + (index % 60),
      mileageKm: 1000 + index,
      soc: 20 + (index % 80),
    }),
  );
  const login = bytesOf(
    encodeVehicleLoginMessage(vin, {
      edition: 2016,
      collectedAt: BASE,
      serial: 1,
      iccid: `89860300000000${String(index).padStart(6, "0")}`,
      codeLength: 0,
      subsystemCodes: [],
    }),
  );
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.setNoDelay(true);
    const c: Conn = {
      index,
      vin,
      socket,
      template,
      seq: 0,
      sentAt: 0,
      pos: 0,
      onAnswer: undefined,
      flag: 0,
    };
    if (answerCommands) {
      // Commands mode: whole frames, the gateway's commands answered as a terminal would.
      const splitter = new FrameSplitter();
      socket.on("data", (chunk: Buffer) => {
        for (const piece of splitter.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))) {
          if (piece.kind !== "frame") continue;
          const f = decodeFrame(piece.bytes);
          if (!f.ok) continue;
          if (f.value.responseFlag === 0xfe && (f.value.command === 0x81 || f.value.command === 0x82)) {
            const answer = encodeFrame({ ...f.value, responseFlag: 0x01, data: f.value.data.subarray(0, 6) });
            if (answer.ok) socket.write(answer.value);
            commandsAnswered += 1;
            continue;
          }
          const handle = c.onAnswer;
          c.onAnswer = undefined;
          handle?.(f.value.responseFlag);
        }
      });
    } else {
      socket.on("data", (chunk: Buffer) => {
        for (let i = 0; i < chunk.length; i++) {
          if (c.pos === 3) c.flag = chunk[i] as number;
          c.pos += 1;
          if (c.pos === ANSWER_LENGTH) {
            c.pos = 0;
            const handle = c.onAnswer;
            c.onAnswer = undefined;
            handle?.(c.flag);
          }
        }
      });
    }
    socket.once("error", reject);
    socket.once("connect", () => {
      c.onAnswer = (flag) => (flag === 0x01 ? resolve(c) : reject(new Error(`login of ${vin} answered ${flag}`)));
      socket.write(login);
    });
  });
}

async function connectAll(port: number, count: number, series: number, from = 0): Promise<void> {
  const width = 200;
  for (let start = 0; start < count; start += width) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(width, count - start) }, (_, k) => open(port, from + start + k, series)),
    );
    conns.push(...batch);
  }
}

async function run(seconds: number, warmupSeconds: number, periodMs?: number): Promise<object> {
  running = true;
  paced = periodMs !== undefined;
  const timers: NodeJS.Timeout[] = [];
  if (periodMs === undefined) for (const c of conns) sendNext(c);
  else {
    const tick = (c: Conn) => {
      if (!running) return;
      if (c.onAnswer) skipped += measuring ? 1 : 0;
      else sendNext(c);
    };
    conns.forEach((c, i) => {
      timers.push(
        setTimeout(
          () => {
            tick(c);
            timers.push(setInterval(() => tick(c), periodMs));
          },
          (i / conns.length) * periodMs,
        ),
      );
    });
  }
  await new Promise((r) => setTimeout(r, warmupSeconds * 1000));
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  measuring = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  running = false;
  for (const t of timers) clearTimeout(t);
  // Let the frames in flight be answered, so the gateway is quiet for what comes next.
  const until = Date.now() + 30_000;
  while (conns.some((c) => c.onAnswer) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  const result = {
    answered,
    failed,
    skipped,
    seconds: elapsed,
    latencies: summarise(latencies),
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    frames: conns.reduce((s, c) => s + c.seq, 0),
  };
  latencies = [];
  answered = 0;
  failed = 0;
  skipped = 0;
  return result;
}

function summarise(xs: number[]): { p50: number; p99: number; n: number } {
  const s = xs.toSorted((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), n: s.length };
}

type Message = {
  type: string;
  id?: number;
  port?: number;
  count?: number;
  series?: number;
  seconds?: number;
  warmupSeconds?: number;
  probeEveryMs?: number;
  periodMs?: number;
  answerCommands?: boolean;
  from?: number;
};

process.on("message", (m: Message) => {
  const reply = (body: object) => process.send?.({ id: m.id, ...body });
  const fail = (e: unknown) => reply({ type: "error", error: e instanceof Error ? e.message : String(e) });
  if (m.type === "connect") {
    answerCommands = m.answerCommands === true;
    const started = performance.now();
    connectAll(m.port ?? 0, m.count ?? 0, m.series ?? 7, m.from ?? 0).then(
      () => reply({ type: "connected", ms: performance.now() - started, connections: conns.length }),
      fail,
    );
  }
  if (m.type === "run") {
    probeEveryMs = m.probeEveryMs ?? 1000;
    run(m.seconds ?? 1, m.warmupSeconds ?? 0, m.periodMs).then((r) => reply({ type: "ran", ...r }), fail);
  }
  if (m.type === "close") {
    // The last `count` connections opened, closed (the gateway memory benchmark's heap diff).
    const gone = conns.splice(Math.max(0, conns.length - (m.count ?? 0)));
    for (const c of gone) c.socket.destroy();
    reply({ type: "closed", connections: conns.length });
  }
  if (m.type === "answered") reply({ type: "answered", commands: commandsAnswered });
  if (m.type === "stop") {
    for (const c of conns) c.socket.destroy();
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
process.send?.({ type: "ready" });
