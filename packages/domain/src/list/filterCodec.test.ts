import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { VinSchema } from "../identifiers/vin";
import { choiceFilter, codesFilter, countFilter, filterCodec, flagFilter, textFilter, timeFilter } from "./filterCodec";

const codec = filterCodec(
  v.object({
    vin: v.optional(v.union([VinSchema, v.literal("")]), ""),
    keyword: textFilter(10),
    kind: choiceFilter(["login", "logout"], "login"),
    carrier: choiceFilter(["CMCC", "CUCC", "CTCC"]),
    start: timeFilter(),
    min: countFilter(),
    codes: codesFilter(),
    desc: flagFilter(true),
  }),
);

describe("filterCodec", () => {
  it("gives every default for an empty address", () => {
    expect(codec.parse("")).toEqual({
      vin: "",
      keyword: "",
      kind: "login",
      carrier: "",
      start: null,
      min: null,
      codes: [],
      desc: true,
    });
    expect(codec.defaults).toEqual(codec.parse("?"));
  });

  it("reads each kind of value from its text, with or without the leading ?", () => {
    const parsed = codec.parse(
      "?vin=LB3CX1HU5RC100005&keyword=%20abc%20&kind=logout&carrier=CUCC&start=1700000000000&min=12&codes=b1&codes=s2&desc=false",
    );
    expect(parsed).toEqual({
      vin: "LB3CX1HU5RC100005",
      keyword: "abc",
      kind: "logout",
      carrier: "CUCC",
      start: 1_700_000_000_000,
      min: 12,
      codes: ["b1", "s2"],
      desc: false,
    });
  });

  it("falls back to the default for a value that does not pass its field, field by field", () => {
    const parsed = codec.parse(
      "vin=SHORT&keyword=01234567890&kind=other&carrier=XX&start=abc&min=-1&codes=a&codes=b&codes=c&codes=d&desc=maybe",
    );
    expect(parsed).toEqual(codec.defaults);
    expect(codec.parse("start=&min=1.5").start).toBeNull();
    expect(codec.parse("min=1.5").min).toBeNull();
    expect(codec.parse("min=1000000").min).toBeNull();
    expect(codec.parse("start=12&kind=other").start).toBe(12);
  });

  it("leaves defaults and empty values out of the address, so links stay short", () => {
    expect(codec.format(codec.defaults)).toBe("");
    expect(codec.format({ ...codec.defaults, kind: "logout", codes: ["b1", "s2"], desc: false, start: 5 })).toBe(
      "kind=logout&start=5&codes=b1&codes=s2&desc=false",
    );
  });

  it("round-trips: what it formats it parses back unchanged", () => {
    const values = { ...codec.defaults, vin: "LB3CX1HU5RC100005", keyword: "a&b=c", min: 0, carrier: "CTCC" as const };
    expect(codec.parse(codec.format(values))).toEqual(values);
  });

  it("reads + as a space, keys without a value, and leaves undecodable text as it is", () => {
    expect(codec.parse("keyword=a+b&&vin").keyword).toBe("a b");
    expect(codec.parse("keyword=%E0%A4%A").keyword).toBe("%E0%A4%A");
    expect(codec.parse("keyword").keyword).toBe("");
    expect(codec.parse("kind=login&kind=logout").kind).toBe("logout");
    expect(codec.parse("desc=true").desc).toBe(true);
  });

  it("keeps an explicit null out of the address", () => {
    expect(codec.format({ ...codec.defaults, start: null, min: null })).toBe("");
  });
});
