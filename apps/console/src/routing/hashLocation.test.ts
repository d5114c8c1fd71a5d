import { afterEach, describe, expect, it } from "vitest";
import { currentHashPath, currentHashSearch, navigateHash, onNavigate, splitHash } from "./hashLocation";

describe("hash addresses keep path and query together (§2 hash mode)", () => {
  afterEach(() => navigateHash("/", { replace: true }));

  it("splits a hash into path and query", () => {
    expect(splitHash("#/tbox/loginJournal?vin=A&x=1")).toEqual({ path: "/tbox/loginJournal", search: "vin=A&x=1" });
    expect(splitHash("")).toEqual({ path: "/", search: "" });
    expect(splitHash("#dataHome")).toEqual({ path: "/dataHome", search: "" });
  });

  it("navigating writes the hash and replaces the query instead of carrying it over", () => {
    navigateHash("/tbox/loginJournal?vin=LSVAU2180N2183294");
    expect(currentHashPath()).toBe("/tbox/loginJournal");
    expect(currentHashSearch()).toBe("vin=LSVAU2180N2183294");
    navigateHash("/dataHome");
    expect(currentHashPath()).toBe("/dataHome");
    expect(currentHashSearch()).toBe("");
    expect(location.search).toBe("");
  });

  it("tells navigation listeners once per change of address, before anything else", () => {
    const heard: string[] = [];
    const stop = onNavigate(() => heard.push(currentHashPath()));
    navigateHash("/a");
    navigateHash("/a"); // same address: nothing happens
    navigateHash("/b", { replace: true });
    stop();
    navigateHash("/c");
    expect(heard).toEqual(["/a", "/b"]);
  });
});
