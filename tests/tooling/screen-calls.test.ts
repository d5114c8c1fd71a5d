import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * Issue 14 "Done when": every call of spec/endpoints.txt is called by a console screen. A call
 * counts as used when its path is written in the console's source outside the gallery (the
 * calls live in `src/api/<group>.ts`, one function per operation, and only screens import
 * them). What no screen uses yet is listed here with the issue whose screen will use it, and
 * designed calls no screen needs are named with their reason — so a list that grows or a
 * screen that starts using one fails this test until the lists say so.
 */
const repo = path.resolve(import.meta.dirname, "../..");
const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** Spec calls whose screens are other open issues' work: the issue and the route that will call them. */
const AWAITING_SCREEN: Readonly<Record<string, string>> = {};

/** Designed calls that no screen calls, and why. */
const BACK_OFFICE_ONLY: Readonly<Record<string, string>> = {
  "GET /b-iam-account/oauth/authorize":
    "the sign-in page itself: the console sends the browser to the address config.json names (spec §8), it never calls it",
  "POST /b-iam-account/oauth/authorize": "the sign-in page's own form",
  "GET /.well-known/oauth-authorization-server":
    "RFC 8414 discovery for OAuth client libraries (internal apps, scripts); the console knows its endpoints from config.json",
  "POST /b-iam-account/oauth/revoke":
    "RFC 7009 revocation for OAuth client libraries; the console signs out with the spec's signOut, which revokes the same way",
  "GET /obs/{objectKey}": "a signed object URL, reached only through the URL a signing call answered",
  "PUT /obs/{objectKey}": "a signed upload URL, reached only through the URL a signing call answered",
  "GET /tsp-bss/notRoadFour/platformAccount/detail":
    "one forwarding platform for scripts and the forwarder's tooling; the console's edit starts from the row it lists (the password is never in either)",
  "POST /tsp-bss/notRoadFour/terminalActivation/report":
    "the gateway's hand-off of a terminal's 0x09 activation frame (automation and tests use it meanwhile); an operator never sends a terminal's frame — 终端远程激活 asks (request) and reads the outcome",
  "GET /tsp-bss/dictItem/options":
    "the enabled items of 基础数据维护's dictionaries for selects, read by internal apps through the SDK; no console form reads it yet (the master-data forms still offer @tsp/domain's fixed lists — issue 20)",
};

/** Every file of the console's source besides the gallery and the tests. */
function consoleSources(dir = path.join(repo, "apps/console/src")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "gallery" ? [] : consoleSources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const PATH_LITERAL = /["'`](\/[A-Za-z0-9_\-/{}.]+)["'`]/g;
const literals = (text: string) => [...text.matchAll(PATH_LITERAL)].map((m) => m[1] as string);

/**
 * The paths each exported helper of @tsp/sdk writes (auth, password, upload helpers): the
 * text from one `export … function name` to the next, with its path literals.
 */
function sdkHelperPaths(): Map<string, string[]> {
  const dir = path.join(repo, "packages/sdk/src");
  const files = readdirSync(dir)
    .filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"))
    .map((n) => readFileSync(path.join(dir, n), "utf8"));
  // Paths named once as constants (TOKEN_PATH = "/b-iam-account/oauth/token").
  const constants = new Map<string, string>();
  for (const text of files)
    for (const m of text.matchAll(/const (\w+) = "(\/[^"]+)"/g)) constants.set(m[1] as string, m[2] as string);
  // Each function's own paths and the functions it calls (requestToken behind exchangeCode).
  const own = new Map<string, { paths: string[]; body: string }>();
  for (const text of files) {
    const starts = [...text.matchAll(/(?:export )?(?:async )?function (\w+)/g)];
    starts.forEach((m, i) => {
      const body = text.slice((m.index ?? 0) + m[0].length, starts[i + 1]?.index ?? text.length);
      const named = [...constants].filter(([name]) => new RegExp(`\\b${name}\\b`).test(body)).map(([, p]) => p);
      own.set(m[1] as string, { paths: [...literals(body), ...named], body });
    });
  }
  const out = new Map<string, string[]>();
  const reach = (name: string, seen: Set<string>): string[] => {
    const fn = own.get(name);
    if (!fn || seen.has(name)) return [];
    seen.add(name);
    const called = [...own.keys()].filter((n) => n !== name && new RegExp(`\\b${n}\\(`).test(fn.body));
    return [...fn.paths, ...called.flatMap((n) => reach(n, seen))];
  };
  for (const name of own.keys()) out.set(name, reach(name, new Set()));
  return out;
}

/**
 * The paths the console calls: those it writes as string literals ("…" or `…` without a
 * placeholder), and those of the @tsp/sdk helpers it imports.
 */
function pathsInConsole(): Set<string> {
  const found = new Set<string>();
  const helpers = sdkHelperPaths();
  for (const file of consoleSources()) {
    const text = readFileSync(file, "utf8");
    for (const p of literals(text)) found.add(p);
    for (const m of text.matchAll(/import \{([^}]*)\} from "@tsp\/sdk"/g))
      for (const name of (m[1] as string).split(",").map((n) => n.trim().split(/\s+as\s+/)[0] as string))
        for (const p of helpers.get(name.replace(/^type\s+/, "")) ?? []) found.add(p);
  }
  return found;
}

interface Operation {
  call: string;
  path: string;
  designed: boolean;
}

/** Every operation of openapi/ ("METHOD /path"), and whether it is a designed one. */
function operations(): Operation[] {
  const dir = path.join(repo, "openapi");
  return readdirSync(dir)
    .filter((n) => n.endsWith(".yaml") && n !== "components.yaml")
    .flatMap((name) => {
      const doc = parse(readFileSync(path.join(dir, name), "utf8")) as {
        paths?: Record<string, Record<string, { "x-designed"?: unknown }>>;
      };
      return Object.entries(doc.paths ?? {}).flatMap(([route, item]) =>
        METHODS.filter((m) => item[m]).map((m) => ({
          call: `${m.toUpperCase()} ${route}`,
          path: route,
          designed: item[m]?.["x-designed"] !== undefined,
        })),
      );
    });
}

const specCalls = readFileSync(path.join(repo, "tests/fixtures/endpoints.txt"), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));

describe("every call of the spec is made by a console screen", () => {
  const used = pathsInConsole();
  const ops = operations();
  const unused = ops.filter((o) => !used.has(o.path));

  it("the spec's calls no screen makes are exactly the ones awaiting another issue's screen", () => {
    const spec = new Set(specCalls);
    const missing = unused.filter((o) => spec.has(o.call)).map((o) => o.call);
    console.log(
      `console screens make ${specCalls.length - missing.length}/${specCalls.length} calls of spec/endpoints.txt`,
    );
    expect(missing.toSorted()).toEqual(Object.keys(AWAITING_SCREEN).toSorted());
  });

  it("the designed calls no screen makes are each named with a reason", () => {
    const spec = new Set(specCalls);
    const designed = unused.filter((o) => !spec.has(o.call)).map((o) => o.call);
    expect(designed.toSorted()).toEqual(Object.keys(BACK_OFFICE_ONLY).toSorted());
  });

  it("finds a call the console makes and misses one it does not (the scan can fail)", () => {
    expect(used.has("/tsp-hbase-proxy/vehicleLog/getLoginLog")).toBe(true);
    expect(used.has("/tsp-bss/no/such/call")).toBe(false);
  });
});
