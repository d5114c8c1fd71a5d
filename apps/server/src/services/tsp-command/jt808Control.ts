import { encodeJt808TerminalControl, type Jt808TerminalControl, type Jt808VehicleControl } from "@tsp/domain";
import { badRequest } from "../../http/envelope";
import { defineHandler } from "../defineHandler";
import { queueAv } from "./audioVideo";

/** 400 with the domain's Chinese message on the field it is about. */
const refuse = (field: string, msg: string) => badRequest(msg, [{ field, msg }]);

/** The request's field of each parameter the domain's message names (“名称”). */
const FIELD_OF: Readonly<Record<string, string>> = {
  URL地址: "url",
  拨号点名称: "apn",
  拨号用户名: "user",
  拨号密码: "password",
  地址: "address",
  TCP端口: "tcpPort",
  UDP端口: "udpPort",
  制造商ID: "maker",
  硬件版本: "hardware",
  固件版本: "firmware",
  连接到指定服务器时限: "limitMinutes",
  监管平台鉴权码: "authCode",
};

type Body = {
  command: Jt808TerminalControl["command"];
  connection?: 0 | 1;
  url?: string;
  apn?: string;
  user?: string;
  password?: string;
  address?: string;
  tcpPort?: number;
  udpPort?: number;
  limitMinutes?: number;
  authCode?: string;
  maker?: string;
  hardware?: string;
  firmware?: string;
};

/** The request as the domain's 0x8105 (empty text parameters are sent empty, as the standard allows). */
function controlOf(b: Body): Jt808TerminalControl {
  const dial = {
    apn: b.apn ?? "",
    user: b.user ?? "",
    password: b.password ?? "",
    address: b.address ?? "",
    ...(b.tcpPort === undefined ? {} : { tcpPort: b.tcpPort }),
    ...(b.udpPort === undefined ? {} : { udpPort: b.udpPort }),
    ...(b.limitMinutes === undefined ? {} : { limitMinutes: b.limitMinutes }),
  };
  if (b.command === "upgrade") {
    return {
      command: "upgrade",
      url: b.url ?? "",
      maker: b.maker ?? "",
      hardware: b.hardware ?? "",
      firmware: b.firmware ?? "",
      ...dial,
    };
  }
  if (b.command === "connectServer") {
    return b.connection === 1
      ? { command: "connectServer", connection: 1 }
      : { command: "connectServer", connection: 0, authCode: b.authCode ?? "", ...dial };
  }
  return { command: b.command };
}

/** sendJt808TerminalControl: 0x8105 checked by the domain's encoder, then queued for the JT/T 808 sender. */
export const sendJt808TerminalControl = defineHandler<"sendJt808TerminalControl">(async ({ body, principal }, ctx) => {
  const control = controlOf(body);
  // The two commands that go somewhere need where (the standard lets every other field be empty).
  if (control.command === "upgrade" && !control.url.trim()) throw refuse("url", "请输入升级包的URL地址");
  if (control.command === "connectServer" && control.connection === 0 && !control.address.trim()) {
    throw refuse("address", "请输入要连接的服务器地址");
  }
  const check = encodeJt808TerminalControl(control);
  if (!check.ok) {
    const named = /“([^”]+)”/.exec(check.error.message)?.[1];
    throw refuse((named && FIELD_OF[named]) ?? "command", check.error.message);
  }
  return queueAv(ctx, principal, body.vin, "jt808TerminalControl", { control }, body.ttlSeconds, "终端控制（0x8105）");
});

/** sendJt808VehicleControl: the door (0x8500 control 0x0001 / 2013's flag); the gateway picks the edition. */
export const sendJt808VehicleControl = defineHandler<"sendJt808VehicleControl">(async ({ body, principal }, ctx) => {
  const vehicle: Jt808VehicleControl = { controls: [{ type: "door", action: body.action }] };
  return queueAv(ctx, principal, body.vin, "jt808VehicleControl", { vehicle }, body.ttlSeconds, "车辆控制（0x8500）");
});
