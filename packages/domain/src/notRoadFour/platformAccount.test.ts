import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  checkPlatformAccount,
  isPlatformHost,
  MSG_PLATFORM_ACCOUNT,
  MSG_PLATFORM_ENABLED,
  MSG_PLATFORM_HOST,
  MSG_PLATFORM_NAME,
  MSG_PLATFORM_NAME_LONG,
  MSG_PLATFORM_PASSWORD,
  MSG_PLATFORM_PASSWORD_REQUIRED,
  MSG_PLATFORM_PORT,
  MSG_PLATFORM_PROTOCOL,
  msgPlatformNameTaken,
  platformAccountSchema,
} from "./platformAccount";

const good = {
  name: " 省级监管平台 ",
  host: "hj.example.gov.cn",
  port: 19006,
  protocol: "hj1239",
  account: "tsp001",
  password: "S3cret!x",
  enabled: true,
};

describe("forwarding platform", () => {
  it("takes a good platform, trimmed", () => {
    expect(checkPlatformAccount(good, true)).toEqual({ ok: true, value: { ...good, name: "省级监管平台" } });
  });

  it("keeps the stored password on an edit that leaves it empty, needs one on create", () => {
    const r = checkPlatformAccount({ ...good, password: "" }, false);
    expect(r.ok && r.value.password).toBe(null);
    expect(checkPlatformAccount({ ...good, password: "" }, true)).toEqual({
      ok: false,
      error: [{ field: "password", msg: MSG_PLATFORM_PASSWORD_REQUIRED }],
    });
  });

  it("names every bad field", () => {
    const r = checkPlatformAccount(
      {
        name: "",
        host: "not a host",
        port: 70000,
        protocol: "ftp",
        account: "账号",
        password: "with space",
        enabled: "yes",
      },
      true,
    );
    expect(r.ok ? [] : r.error).toEqual([
      { field: "name", msg: MSG_PLATFORM_NAME },
      { field: "host", msg: MSG_PLATFORM_HOST },
      { field: "port", msg: MSG_PLATFORM_PORT },
      { field: "protocol", msg: MSG_PLATFORM_PROTOCOL },
      { field: "account", msg: MSG_PLATFORM_ACCOUNT },
      { field: "password", msg: MSG_PLATFORM_PASSWORD },
      { field: "enabled", msg: MSG_PLATFORM_ENABLED },
    ]);
    expect(checkPlatformAccount({ ...good, name: "名".repeat(41), port: 1.5 }, true)).toEqual({
      ok: false,
      error: [
        { field: "name", msg: MSG_PLATFORM_NAME_LONG },
        { field: "port", msg: MSG_PLATFORM_PORT },
      ],
    });
    expect(checkPlatformAccount(null, true).ok).toBe(false);
    expect(checkPlatformAccount({ ...good, port: "80", protocol: 1 }, true).ok).toBe(false);
  });

  it("is the form's schema too, each reason on its field", () => {
    expect(v.safeParse(platformAccountSchema(true), good).output).toMatchObject({ name: "省级监管平台" });
    const bad = v.safeParse(platformAccountSchema(false), { ...good, port: 0 });
    expect(bad.issues?.map((i) => [i.path?.[0]?.key, i.message])).toEqual([["port", MSG_PLATFORM_PORT]]);
  });

  it("takes IPv4 addresses and domains as hosts", () => {
    expect(isPlatformHost("10.0.0.1")).toBe(true);
    expect(isPlatformHost("256.0.0.1")).toBe(false);
    expect(isPlatformHost("platform.example.com")).toBe(true);
    expect(isPlatformHost("localhost")).toBe(false);
    expect(msgPlatformNameTaken("省平台")).toBe("平台名称省平台已存在");
  });
});
