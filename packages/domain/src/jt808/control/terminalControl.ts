import { ok, type Result } from "../../shared/result";
import { concat, isUint, Reader } from "../bytes";
import { type Jt808Error, jt808Error } from "../errors";

/**
 * 0x8105 终端控制 (JT/T 808-2013/2019 §8.19, telematics-facts.md §4 "8105"): a command word
 * (BYTE) and, for words 1 and 2, a STRING of parameters separated by half-width ';'. Words 3–7
 * carry nothing after the word (SmallChi/JT808's 0x8105 test: factory reset is the body `05`).
 *
 * - 1 无线升级: URL;拨号点名称;拨号用户名;拨号密码;地址;TCP端口;UDP端口;制造商ID;硬件版本;固件版本;连接到指定服务器时限
 * - 2 控制终端连接指定服务器: 连接控制;监管平台鉴权码;拨号点名称;拨号用户名;拨号密码;地址;TCP端口;UDP端口;连接到指定服务器时限
 *   (连接控制 1 = back to the original platform: no further parameters)
 * - 3 终端关机, 4 终端复位, 5 终端恢复出厂设置, 6 关闭数据通信, 7 关闭所有无线通信
 *
 * The standard's STRING is GBK; the domain carries no GBK codec, so the text fields are printable
 * ASCII without ';' (URLs, APNs, host names, versions are). Empty numbers stay empty (the
 * standard lets a field be empty: e.g. no UDP port).
 */
export type Jt808TerminalControl =
  | ({ readonly command: "upgrade" } & Jt808UpgradeParams)
  | ({ readonly command: "connectServer"; readonly connection: 0 } & Jt808ConnectParams)
  | { readonly command: "connectServer"; readonly connection: 1 }
  | { readonly command: Jt808PlainControl };

/** The commands without parameters (words 3–7). */
export type Jt808PlainControl = "shutdown" | "reset" | "factoryReset" | "closeData" | "closeWireless";

interface Jt808Dial {
  /** 拨号点名称 (APN). */
  readonly apn: string;
  readonly user: string;
  readonly password: string;
  /** 地址: IP or domain of the server. */
  readonly address: string;
  readonly tcpPort?: number;
  readonly udpPort?: number;
  /** 连接到指定服务器时限 (min; 0 = stay connected to it). */
  readonly limitMinutes?: number;
}

export interface Jt808UpgradeParams extends Jt808Dial {
  readonly url: string;
  /** 制造商ID (5 characters in 2013, up to 11 in 2019). */
  readonly maker: string;
  readonly hardware: string;
  readonly firmware: string;
}

export interface Jt808ConnectParams extends Jt808Dial {
  /** 监管平台鉴权码. */
  readonly authCode: string;
}

/** Command words of 0x8105, in the standard's order (word = index + 1). */
export const JT808_TERMINAL_CONTROLS = [
  "upgrade",
  "connectServer",
  "shutdown",
  "reset",
  "factoryReset",
  "closeData",
  "closeWireless",
] as const;
export type Jt808TerminalControlCommand = (typeof JT808_TERMINAL_CONTROLS)[number];

/** The standard's Chinese names of the commands (the screen and the timeline show them). */
export const JT808_TERMINAL_CONTROL_NAMES: Readonly<Record<Jt808TerminalControlCommand, string>> = {
  upgrade: "无线升级",
  connectServer: "控制终端连接指定服务器",
  shutdown: "终端关机",
  reset: "终端复位",
  factoryReset: "终端恢复出厂设置",
  closeData: "关闭数据通信",
  closeWireless: "关闭所有无线通信",
};

const TEXT = /^[\x20-\x3a\x3c-\x7e]*$/;

type Field = readonly [name: string, value: string | number | undefined, kind: "text" | "word"];

function dialFields(p: Jt808Dial): Field[] {
  return [
    ["拨号点名称", p.apn, "text"],
    ["拨号用户名", p.user, "text"],
    ["拨号密码", p.password, "text"],
    ["地址", p.address, "text"],
    ["TCP端口", p.tcpPort, "word"],
    ["UDP端口", p.udpPort, "word"],
  ];
}

function fieldsOf(c: Jt808TerminalControl): Field[] | undefined {
  if (c.command === "upgrade") {
    const dial = dialFields(c);
    return [
      ["URL地址", c.url, "text"],
      ...dial,
      ["制造商ID", c.maker, "text"],
      ["硬件版本", c.hardware, "text"],
      ["固件版本", c.firmware, "text"],
      ["连接到指定服务器时限", c.limitMinutes, "word"],
    ];
  }
  if (c.command === "connectServer") {
    if (c.connection === 1) return [["连接控制", 1, "word"]];
    return [
      ["连接控制", 0, "word"],
      ["监管平台鉴权码", c.authCode, "text"],
      ...dialFields(c),
      ["连接到指定服务器时限", c.limitMinutes, "word"],
    ];
  }
  return undefined;
}

/** Writes a 0x8105 body. */
export function encodeJt808TerminalControl(c: Jt808TerminalControl): Result<Uint8Array, Jt808Error> {
  const word = JT808_TERMINAL_CONTROLS.indexOf(c.command) + 1;
  if (word === 0) return jt808Error("bad-number", `未知的终端控制命令“${String(c.command)}”`);
  const fields = fieldsOf(c);
  if (fields === undefined) return ok(Uint8Array.of(word));
  const parts: string[] = [];
  for (const [name, value, kind] of fields) {
    if (kind === "word") {
      if (value !== undefined && !(typeof value === "number" && isUint(value, 0xffff))) {
        return jt808Error("bad-number", `“${name}”应为0–65535的整数`);
      }
      parts.push(value === undefined ? "" : String(value));
      continue;
    }
    if (typeof value !== "string" || !TEXT.test(value)) {
      return jt808Error("bad-text", `“${name}”应为ASCII可见字符，且不含分号`);
    }
    if (name === "制造商ID" && value.length > 11) return jt808Error("bad-text", "“制造商ID”应不超过11个字符");
    parts.push(value);
  }
  const text = parts.join(";");
  return ok(concat([Uint8Array.of(word), Uint8Array.from(text, (ch) => ch.charCodeAt(0))]));
}

const word = (s: string | undefined): Result<number | undefined, Jt808Error> => {
  if (s === undefined || s === "") return ok(undefined);
  const v = Number(s);
  return /^\d+$/.test(s) && isUint(v, 0xffff) ? ok(v) : jt808Error("bad-number", `终端控制参数“${s}”应为0–65535的整数`);
};

/** The object without its undefined fields (a decoded empty number is left out, as it was written). */
const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Reads a 0x8105 body (the simulated terminal's side). */
export function decodeJt808TerminalControl(body: Uint8Array): Result<Jt808TerminalControl, Jt808Error> {
  const r = new Reader(body);
  const w = r.uint(1, "命令字");
  if (!w.ok) return w;
  const command = JT808_TERMINAL_CONTROLS[w.value - 1];
  if (command === undefined) return jt808Error("bad-number", `未知的终端控制命令字${w.value}`, 0);
  const rest = body.subarray(1);
  if (command !== "upgrade" && command !== "connectServer") {
    return rest.length === 0 ? ok({ command }) : jt808Error("length-mismatch", "该终端控制命令不带参数", 1);
  }
  let text = "";
  for (const b of rest) {
    if (b < 0x20 || b > 0x7e) return jt808Error("bad-text", "终端控制参数含非ASCII可见字符", 1);
    text += String.fromCharCode(b);
  }
  const f = text.split(";");
  const numbers = (indexes: readonly number[]) => {
    const out: (number | undefined)[] = [];
    for (const i of indexes) {
      const v = word(f[i]);
      if (!v.ok) return v;
      out.push(v.value);
    }
    return ok(out);
  };
  if (command === "upgrade") {
    if (f.length !== 11) return jt808Error("length-mismatch", `无线升级应有11个参数，实际为${f.length}个`, 1);
    const n = numbers([5, 6, 10]);
    if (!n.ok) return n;
    const [tcpPort, udpPort, limitMinutes] = n.value;
    const [url, apn, user, password, address, , , maker, hardware, firmware] = f as string[] as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    return ok(
      defined({
        command,
        url,
        apn,
        user,
        password,
        address,
        tcpPort,
        udpPort,
        maker,
        hardware,
        firmware,
        limitMinutes,
      }),
    );
  }
  if (f[0] === "1" && f.length === 1) return ok({ command, connection: 1 });
  if (f[0] !== "0" || f.length !== 9) {
    return jt808Error("length-mismatch", "连接指定服务器应为“1”或“0”加8个参数", 1);
  }
  const n = numbers([6, 7, 8]);
  if (!n.ok) return n;
  const [tcpPort, udpPort, limitMinutes] = n.value;
  const [, authCode, apn, user, password, address] = f as [string, string, string, string, string, string];
  return ok(
    defined({
      command,
      connection: 0 as const,
      authCode,
      apn,
      user,
      password,
      address,
      tcpPort,
      udpPort,
      limitMinutes,
    }),
  );
}
