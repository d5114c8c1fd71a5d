import { describe, expect, it } from "vitest";
import { appRedirectUri, readGrant, rememberRequestedPath, takeRequestedPath, withoutGrant } from "./address";

describe("the code the authorisation page hands back", () => {
  it("is read from the query, with its state", () => {
    expect(readGrant("http://h/?code=abc&state=s1#/")).toEqual({ code: "abc", state: "s1" });
    expect(readGrant("http://h/?code=abc")).toEqual({ code: "abc", state: null });
  });
  it("is read from the query inside the hash too", () => {
    expect(readGrant("http://h/#/?code=xyz&state=")).toEqual({ code: "xyz", state: null });
  });
  it("is absent from an ordinary address", () => {
    expect(readGrant("http://h/#/dataHome?vin=1")).toBeNull();
  });
  it("is removed from the address, keeping everything else", () => {
    expect(withoutGrant("http://h/?code=abc&state=s&keep=1#/x?code=q&vin=V")).toBe("http://h/?keep=1#/x?vin=V");
    expect(withoutGrant("http://h/#/?code=q")).toBe("http://h/#/");
  });
  it("the redirect URI is the app origin and path", () => {
    expect(appRedirectUri("http://127.0.0.1:8080/?code=1#/dataHome")).toBe("http://127.0.0.1:8080/");
    expect(appRedirectUri("https://ops.example.com/console/index.html#/x")).toBe(
      "https://ops.example.com/console/index.html",
    );
  });
  it("remembers the requested path once, never /login or /", () => {
    rememberRequestedPath("/tbox/loginJournal?vin=1");
    expect(takeRequestedPath()).toBe("/tbox/loginJournal?vin=1");
    expect(takeRequestedPath()).toBeNull();
    rememberRequestedPath("/login");
    rememberRequestedPath("/");
    expect(takeRequestedPath()).toBeNull();
  });
});
