import { describe, expect, it } from "vitest";
import { parseRuntimeConfig } from "./runtimeConfig";

describe("config.json", () => {
  it("reads the reference server's config", () => {
    expect(
      parseRuntimeConfig({
        apiBaseUrl: "",
        authorizeUrl: "/b-iam-account/oauth/authorize",
        clientId: "tsp-console",
        mapTiles: null,
      }),
    ).toEqual({
      apiBaseUrl: "",
      authorizeUrl: "/b-iam-account/oauth/authorize",
      clientId: "tsp-console",
      mapTiles: null,
    });
  });
  it("drops a trailing slash of the API base and defaults map tiles to none", () => {
    expect(
      parseRuntimeConfig({ apiBaseUrl: "https://api.example.com/", authorizeUrl: "x", clientId: "c" }),
    ).toMatchObject({
      apiBaseUrl: "https://api.example.com",
      mapTiles: null,
    });
  });
  it("names the field that is wrong", () => {
    expect(() => parseRuntimeConfig(null)).toThrow("not an object");
    expect(() => parseRuntimeConfig({ apiBaseUrl: "", authorizeUrl: "x" })).toThrow('"clientId"');
    expect(() => parseRuntimeConfig({ apiBaseUrl: "", authorizeUrl: "x", clientId: "" })).toThrow("must not be empty");
    expect(() => parseRuntimeConfig({ apiBaseUrl: "", authorizeUrl: "x", clientId: "c", mapTiles: 3 })).toThrow(
      '"mapTiles"',
    );
  });
});
