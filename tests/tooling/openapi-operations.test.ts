import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// The rules of openapi/CONVENTIONS.md that Redocly cannot check: operationIds unique across
// ALL documents, every operation answering the envelope, the markers the SDK and server read,
// and examples that are real (VIN check digits, GB/T 32960 frames, 8986 ICCIDs).

const openapiDir = path.resolve(import.meta.dirname, "../../openapi");
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;
const ENVELOPE = "components.yaml#/components/schemas/Envelope";

type Node = Record<string, unknown>;
const docs = new Map<string, Node>();
const load = (file: string): Node => {
  let doc = docs.get(file);
  if (!doc) {
    doc = parse(readFileSync(path.join(openapiDir, file), "utf8")) as Node;
    docs.set(file, doc);
  }
  return doc;
};
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null;

/** Follows a $ref written in `file`; answers the target, the file it is in and the canonical ref. */
function resolve(ref: string, file: string): { node: Node; file: string; ref: string } {
  const [target = "", pointer = ""] = ref.split("#");
  const inFile = target ? path.basename(target) : file;
  let node: unknown = load(inFile);
  for (const key of pointer.split("/").filter(Boolean)) node = isNode(node) ? node[key] : undefined;
  if (!isNode(node)) throw new Error(`unresolved $ref ${ref} in ${file}`);
  return { node, file: inFile, ref: `${inFile}#${pointer}` };
}

/** Follows $refs until a node without one. */
function deref(node: Node, file: string): { node: Node; file: string } {
  let current = { node, file };
  for (let hops = 0; typeof current.node.$ref === "string"; hops++) {
    if (hops > 20) throw new Error("$ref loop");
    const next = resolve(current.node.$ref, current.file);
    current = { node: next.node, file: next.file };
  }
  return current;
}

/** True when the schema is the Envelope or an allOf that includes it (through any $refs). */
function isEnvelope(schema: Node, file: string, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof schema.$ref === "string") {
    const target = resolve(schema.$ref, file);
    return target.ref === ENVELOPE || isEnvelope(target.node, target.file, depth + 1);
  }
  const parts = Array.isArray(schema.allOf) ? schema.allOf : [];
  return parts.some((part) => isNode(part) && isEnvelope(part, file, depth + 1));
}

interface Operation {
  file: string;
  method: string;
  route: string;
  op: Node;
}

function operations(): Operation[] {
  const found: Operation[] = [];
  for (const file of readdirSync(openapiDir)
    .filter((n) => n.endsWith(".yaml") && n !== "components.yaml")
    .toSorted()) {
    const paths = load(file).paths;
    if (!isNode(paths)) continue;
    for (const [route, item] of Object.entries(paths)) {
      if (!isNode(item)) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (isNode(op)) found.push({ file, method, route, op });
      }
    }
  }
  return found;
}

const all = operations();
const label = ({ file, method, route }: Operation) => `${file} ${method.toUpperCase()} ${route}`;

describe("operations across all documents", () => {
  it("has documents and operations to check", () => {
    expect(all.length).toBeGreaterThan(0);
  });

  it("gives every operation a camelCase operationId unique across ALL documents", () => {
    const ids = all.map((o) => o.op.operationId);
    for (const [i, id] of ids.entries()) {
      expect(id, label(all[i] as Operation)).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicates).toEqual([]);
  });

  it("answers the { code, msg, data } envelope on every JSON response of every operation", () => {
    const wrong: string[] = [];
    for (const operation of all) {
      let jsonResponses = 0;
      for (const [status, raw] of Object.entries((operation.op.responses ?? {}) as Node)) {
        if (!isNode(raw)) continue;
        const { node: response, file } = deref(raw, operation.file);
        const content = (response.content ?? {}) as Node;
        for (const [type, media] of Object.entries(content)) {
          if (type !== "application/json") {
            if (!status.startsWith("2")) wrong.push(`${label(operation)} ${status}: errors must be JSON envelopes`);
            continue;
          }
          jsonResponses++;
          const schema = isNode(media) && isNode(media.schema) ? media.schema : {};
          // x-oauth: the token answer and the metadata document are what RFC 6749 §5.1 and RFC 8414 fix.
          if (operation.op["x-oauth"] === true && status.startsWith("2")) continue;
          if (!isEnvelope(schema, file)) wrong.push(`${label(operation)} ${status}: not an envelope`);
        }
      }
      if (jsonResponses === 0) wrong.push(`${label(operation)}: no JSON envelope response at all`);
    }
    expect(wrong).toEqual([]);
  });

  it("declares a 400 with failDetail on every operation that takes input", () => {
    const missing = all.filter((o) => {
      const takesInput = Boolean(o.op.requestBody) || (Array.isArray(o.op.parameters) && o.op.parameters.length > 0);
      return takesInput && !isNode((o.op.responses as Node)["400"]);
    });
    expect(missing.map(label)).toEqual([]);
  });

  it("closes every request body (additionalProperties: false) so unknown fields are rejected", () => {
    const open: string[] = [];
    for (const operation of all) {
      // x-oauth: RFC 6749 §3.2 and RFC 7009 §2.1 ignore parameters they do not know.
      if (!isNode(operation.op.requestBody) || operation.op["x-oauth"] === true) continue;
      const { node: body, file } = deref(operation.op.requestBody, operation.file);
      for (const [type, media] of Object.entries((body.content ?? {}) as Node)) {
        if (!["application/json", "multipart/form-data", "application/x-www-form-urlencoded"].includes(type)) continue;
        const schema = isNode(media) && isNode(media.schema) ? deref(media.schema, file).node : {};
        if (schema.type === "object" && schema.additionalProperties !== false) open.push(`${label(operation)} ${type}`);
      }
    }
    expect(open).toEqual([]);
  });

  it("marks every export, import, upload and download long-running, and every export with a permission", () => {
    const wrong: string[] = [];
    for (const operation of all) {
      const id = String(operation.op.operationId);
      const bodyTypes = isNode(operation.op.requestBody)
        ? Object.keys((deref(operation.op.requestBody, operation.file).node.content ?? {}) as Node)
        : [];
      const ok = (operation.op.responses as Node)["200"];
      const okTypes = isNode(ok) ? Object.keys((deref(ok, operation.file).node.content ?? {}) as Node) : [];
      const sendsFile = bodyTypes.some((t) => t === "multipart/form-data" || t === "*/*");
      const answersFile = okTypes.some((t) => t !== "application/json" && t !== "text/html");
      const long = /^(export|import|download|upload)[A-Z]/.test(id) || sendsFile || answersFile;
      if (long && operation.op["x-long-running"] !== true) {
        wrong.push(`${label(operation)} lacks x-long-running`);
      }
      if (id.startsWith("export") && typeof operation.op["x-permission"] !== "string") {
        wrong.push(`${label(operation)} lacks x-permission`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps the journal export permissions the spec shows", () => {
    const byId = new Map(all.map((o) => [o.op.operationId, o.op]));
    expect(byId.get("exportLoginLog")?.["x-permission"]).toBe("/tbox/loginJournal/loginLog/export");
    expect(byId.get("exportLogoutLog")?.["x-permission"]).toBe("/tbox/loginJournal/logoutLog/export");
  });

  it("writes every x-designed as a one-line reason, and every x-permission (and -also) as a route path", () => {
    const wrong: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) for (const [i, child] of node.entries()) visit(child, `${where}/${i}`);
      if (!isNode(node)) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === "x-designed" && (typeof value !== "string" || value.length < 10 || value.includes("\n"))) {
          wrong.push(`${where}: x-designed must be a one-line reason`);
        }
        if (key === "x-permission" && (typeof value !== "string" || !/^(\/[A-Za-z0-9]+)+$/.test(value))) {
          wrong.push(`${where}: x-permission ${String(value)}`);
        }
        // x-permission-also: more route paths granting the same call, only beside an x-permission.
        if (
          key === "x-permission-also" &&
          (!Array.isArray(value) ||
            value.length === 0 ||
            typeof node["x-permission"] !== "string" ||
            value.some((v) => typeof v !== "string" || !/^(\/[A-Za-z0-9]+)+$/.test(v) || v === node["x-permission"]))
        ) {
          wrong.push(`${where}: x-permission-also ${JSON.stringify(value)}`);
        }
        visit(value, `${where}/${key}`);
      }
    };
    for (const file of docs.keys()) visit(load(file), file);
    expect(wrong).toEqual([]);
  });

  it("marks public operations both ways (security: [] or Basic client, and x-public)", () => {
    const wrong = all.filter((o) => {
      const security = o.op.security as Node[] | undefined;
      const noBearer = Array.isArray(security) && !security.some((s) => "bearer" in s);
      const objectStore = o.file === "object-store.yaml";
      return (o.op["x-public"] === true) !== (noBearer || objectStore);
    });
    expect(wrong.map(label)).toEqual([]);
  });
});

// ── examples are real ──────────────────────────────────────────────────────────────────────

const VIN_VALUES: Record<string, number> = Object.fromEntries(
  [..."ABCDEFGHJKLMNPRSTUVWXYZ"].map((c, i) => [
    c,
    [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i] ?? 0,
  ]),
);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** ISO 3779 / GB 16735 check digit (position 9). */
function vinCheckDigitOk(vin: string): boolean {
  let sum = 0;
  for (const [i, c] of [...vin].entries())
    sum += (/\d/.test(c) ? Number(c) : (VIN_VALUES[c] ?? 0)) * (VIN_WEIGHTS[i] ?? 0);
  const r = sum % 11;
  return vin[8] === (r === 10 ? "X" : String(r));
}

/** Luhn check of an ICCID (the last digit checks the others). */
function luhnOk(digits: string): boolean {
  let sum = 0;
  for (const [i, c] of [...digits].toReversed().entries()) {
    let n = Number(c);
    if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return sum % 10 === 0;
}

/** Structure and BCC of a GB/T 32960 frame in hex; answers what is wrong, or null. */
function frameProblem(hex: string, vin: string | undefined): string | null {
  const bytes = Buffer.from(hex, "hex");
  if (bytes[0] !== 0x23 || bytes[1] !== 0x23) return "does not start with ##";
  const command = bytes[2];
  if (command !== 0x01 && command !== 0x04) return `command 0x${command?.toString(16)} is not login/logout`;
  if (bytes[3] !== 0xfe) return "response flag is not 0xFE (command)";
  const frameVin = bytes.subarray(4, 21).toString("ascii");
  if (vin && frameVin !== vin) return `VIN ${frameVin} differs from the row's ${vin}`;
  if (bytes[21] !== 0x01) return "encryption is not 0x01";
  const length = bytes.readUInt16BE(22);
  if (bytes.length !== 24 + length + 1) return `length ${length} does not match the frame`;
  let bcc = 0;
  for (const b of bytes.subarray(2, bytes.length - 1)) bcc ^= b;
  if (bcc !== bytes[bytes.length - 1]) return "BCC is wrong";
  const [yy = 0, mm = 0, dd = 0, hh = 99, mi = 99, ss = 99] = bytes.subarray(24, 30);
  if (yy > 99 || mm < 1 || mm > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 59) return "bad collection time";
  if (command === 0x04 && length !== 8) return "logout data unit is not 8 bytes";
  if (command === 0x01) {
    const iccid = bytes.subarray(32, 52).toString("ascii");
    if (!/^8986\d{16}$/.test(iccid) || !luhnOk(iccid)) return `ICCID ${iccid} is not a valid 8986 number`;
    const n = bytes[52] ?? 0;
    const m = bytes[53] ?? 0;
    if (length !== 30 + n * m) return "login data unit length does not match n × m";
  }
  return null;
}

describe("examples are real data", () => {
  const vins: string[] = [];
  /** VINs an example shows as rejected for their check digit: they must really be wrong. */
  const badVins: string[] = [];
  const iccids: string[] = [];
  const frames: { hex: string; vin?: string }[] = [];
  const collect = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(collect);
    if (!isNode(node)) return;
    if (typeof node.content === "string" && node.content.startsWith("2323")) {
      frames.push({ hex: node.content, ...(typeof node.vin === "string" ? { vin: node.vin } : {}) });
    }
    const labelledBad = typeof node.reason === "string" && node.reason.includes("校验位");
    for (const [key, value] of Object.entries(node)) {
      if (labelledBad && key === "vin" && typeof value === "string") {
        badVins.push(value);
        continue;
      }
      if (typeof value === "string" && /^[A-HJ-NPR-Z0-9]{17}$/.test(value) && /[A-Z]/.test(value) && /\d/.test(value)) {
        vins.push(value);
      }
      if (typeof value === "string" && /^8986\d{15,16}$/.test(value) && key !== "publicKey") iccids.push(value);
      collect(value);
    }
  };
  for (const file of readdirSync(openapiDir).filter((n) => n.endsWith(".yaml"))) collect(load(file));

  it("uses VINs with a correct ISO 3779 check digit", () => {
    expect(vins.length).toBeGreaterThan(0);
    expect(vins.filter((vin) => !vinCheckDigitOk(vin))).toEqual([]);
  });

  it("shows an import row rejected for its check digit only with a VIN whose check digit is wrong", () => {
    expect(badVins.length).toBeGreaterThan(0);
    expect(badVins.filter((vin) => vinCheckDigitOk(vin))).toEqual([]);
  });

  it("uses ICCIDs of the 8986 range with a correct Luhn digit", () => {
    expect(iccids.length).toBeGreaterThan(0);
    expect(iccids.filter((iccid) => !luhnOk(iccid))).toEqual([]);
  });

  it("puts well-formed GB/T 32960 login and logout frames in content", () => {
    expect(frames.length).toBeGreaterThanOrEqual(4);
    const problems = frames.map((f) => [f.hex.slice(0, 24), frameProblem(f.hex, f.vin)]).filter(([, p]) => p);
    expect(problems).toEqual([]);
  });

  it("would catch a wrong check digit, a wrong BCC and a foreign VIN (the checks bite)", () => {
    expect(vinCheckDigitOk("LGXCE4CB2S0000123")).toBe(true);
    expect(vinCheckDigitOk("LGXCE4CB3S0000123")).toBe(false);
    const good = "232304FE4C4758434534434232533030303031323301000819030E120C280025C5";
    expect(frameProblem(good, "LGXCE4CB2S0000123")).toBeNull();
    expect(frameProblem(`${good.slice(0, -2)}C4`, undefined)).toBe("BCC is wrong");
    expect(frameProblem(good, "LFNA4LGB9RAT00458")).toMatch(/differs/);
  });
});
