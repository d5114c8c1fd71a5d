import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { RequestTurns } from "./requestTurns";

/** One HTTP/1.1 keep-alive client on a raw socket that counts the answers it gets. */
function rawClient(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let answered = 0;
  let onAnswer: (() => void) | undefined;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    // Every answer of the test server ends with its body "ok" after the header block.
    const n = chunk.split("\r\n\r\nok").length - 1;
    for (let i = 0; i < n; i++) {
      answered++;
      onAnswer?.();
    }
  });
  const send = () => socket.write("GET / HTTP/1.1\r\nHost: test\r\n\r\n");
  return {
    socket,
    send,
    get answered() {
      return answered;
    },
    /** Sends a request after every answer, for as long as the server answers. */
    keepBusy() {
      onAnswer = send;
      send();
    },
    firstAnswer: () =>
      new Promise<void>((resolve) => {
        onAnswer = resolve;
        send();
      }),
  };
}

const servers: http.Server[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe("RequestTurns", () => {
  it("starts waiting requests in arrival order", async () => {
    const turns = new RequestTurns();
    const started: number[] = [];
    await Promise.all([0, 1, 2, 3, 4].map((i) => turns.next().then(() => started.push(i))));
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(turns.waiting).toBe(0);
  });

  it("starts one request per event-loop turn", async () => {
    const turns = new RequestTurns();
    const log: string[] = [];
    const a = turns.next().then(() => log.push("a"));
    const b = turns.next().then(() => log.push("b"));
    // Queued after both requests but before the first turn: it runs before b starts.
    setImmediate(() => log.push("other work"));
    await Promise.all([a, b]);
    expect(log).toEqual(["a", "other work", "b"]);
  });

  it("keeps accepting new connections while busy clients queue requests (libuv accepts one per turn)", async () => {
    const turns = new RequestTurns();
    let served = 0;
    const server = http.createServer(async (_req, res) => {
      await turns.next();
      served++;
      res.end("ok");
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;

    const busy = Array.from({ length: 20 }, () => rawClient(port));
    sockets.push(...busy.map((c) => c.socket));
    await Promise.all(busy.map((c) => c.firstAnswer()));
    for (const c of busy) c.keepBusy();

    // 20 new connections while the 20 busy clients keep 20 requests queued at every moment.
    const servedAtAccept: number[] = [];
    server.on("connection", () => servedAtAccept.push(served));
    const late = Array.from({ length: 20 }, () => rawClient(port));
    sockets.push(...late.map((c) => c.socket));
    await Promise.all(late.map((c) => c.firstAnswer()));
    for (const c of busy) c.socket.destroy();

    expect(servedAtAccept).toHaveLength(20);
    // One request per turn and one accept per turn: here the last connection is accepted after
    // about 40 answers (20 before the first). Without the turns every turn answers all 20 busy
    // clients between two accepts: the last connection came after about 240 answers.
    expect(Math.max(...servedAtAccept)).toBeLessThan(100);
  });
});
