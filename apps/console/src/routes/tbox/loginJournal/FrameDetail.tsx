import {
  bcc,
  commandName,
  type DecodedHj1239,
  type DecodedMessage,
  decodeHj1239Message,
  decodeMessage,
  encryptionName,
  frameProtocol,
  HJ1239_ENCRYPTION,
  hexToBytes,
  hj1239CommandName,
  responseFlagName,
} from "@tsp/domain";
import { formatDateTime } from "../../../format/dateTime";
import { type Translate, useT } from "../../../i18n/i18n";

/** One labelled value of the decoded frame. */
export interface Field {
  label: string;
  value: string;
}

const hex2 = (n: number) => `0x${n.toString(16).toUpperCase().padStart(2, "0")}`;

/** The rows of the decoded-frame table (designed beyond the spec; domain-notes.md GB/T 32960.3). */
export function frameFields(
  decoded: DecodedMessage,
  rawHex: string,
  t: Translate,
  boundIccid?: string | null,
): Field[] {
  const { frame, body } = decoded;
  const bytes = hexToBytes(rawHex);
  const check = bytes.ok ? bytes.value[bytes.value.length - 1] : undefined;
  const named = (name: string | undefined, code: number) => (name ? `${name}（${hex2(code)}）` : hex2(code));
  const fields: Field[] = [
    { label: t("frame.start"), value: frame.edition === 2016 ? "##（GB/T 32960-2016）" : "$$（GB/T 32960-2025）" },
    { label: t("frame.command"), value: named(commandName(frame.command, frame.edition), frame.command) },
    {
      label: t("frame.response"),
      value: named(responseFlagName(frame.responseFlag, frame.edition), frame.responseFlag),
    },
    { label: t("frame.vin"), value: frame.vin },
    { label: t("frame.encryption"), value: named(encryptionName(frame.encryption, frame.edition), frame.encryption) },
    { label: t("frame.length"), value: `${frame.data.length}` },
  ];
  if (body.kind === "login") {
    const login = body.login;
    fields.push(
      { label: t("frame.collectedAt"), value: formatDateTime(login.collectedAt) },
      { label: t("frame.serial"), value: String(login.serial) },
      { label: t("frame.iccid"), value: login.iccid },
    );
    // domain-notes.md: "ICCID in the frame equals the SIM bound to the vehicle in master data".
    if (boundIccid !== undefined)
      fields.push({ label: t("frame.iccidCheck"), value: iccidCheck(login.iccid, boundIccid, t) });
    if (login.edition === 2016) {
      fields.push(
        { label: t("frame.subsystemCount"), value: String(login.subsystemCodes.length) },
        { label: t("frame.codeLength"), value: String(login.codeLength) },
        { label: t("frame.subsystemCodes"), value: login.subsystemCodes.join("、") || "—" },
      );
    } else {
      fields.push(
        { label: t("frame.subsystemCount"), value: String(login.packSerials.length) },
        { label: t("frame.subsystemCodes"), value: login.packSerials.map((p) => p.join("、")).join("；") || "—" },
      );
    }
  } else if (body.kind === "logout") {
    fields.push(
      { label: t("frame.collectedAt"), value: formatDateTime(body.logout.collectedAt) },
      { label: t("frame.serial"), value: String(body.logout.serial) },
    );
  }
  if (check !== undefined)
    fields.push({ label: t("frame.checksum"), value: `${hex2(check)} ${t("frame.checksumOk")}` });
  return fields;
}

/**
 * The rows of an HJ 1239 (燃油车国标数据) frame: the diesel trucks' logins and logouts share the
 * login journal with GB/T 32960's. No response flag (byte 3 is the VIN's first character).
 */
export function hj1239FrameFields(
  decoded: DecodedHj1239,
  rawHex: string,
  t: Translate,
  boundIccid?: string | null,
): Field[] {
  const { frame, body } = decoded;
  const named = (name: string | undefined, code: number) => (name ? `${name}（${hex2(code)}）` : hex2(code));
  const encryption =
    frame.encryption === HJ1239_ENCRYPTION.none
      ? named(encryptionName(frame.encryption, 2016), frame.encryption)
      : `SM2（${hex2(frame.encryption)}）`;
  const fields: Field[] = [
    { label: t("frame.start"), value: "##（HJ 1239）" },
    { label: t("frame.command"), value: named(hj1239CommandName(frame.command), frame.command) },
    { label: t("frame.vin"), value: frame.vin },
    { label: t("frame.encryption"), value: encryption },
    { label: t("frame.length"), value: `${frame.data.length}` },
  ];
  if (body.kind === "login" || body.kind === "logout") {
    fields.push(
      { label: t("frame.collectedAt"), value: formatDateTime(body.time) },
      { label: t("frame.serial"), value: String(body.serial) },
    );
  }
  if (body.kind === "login") {
    fields.push({ label: t("frame.iccid"), value: body.iccid });
    if (boundIccid !== undefined)
      fields.push({ label: t("frame.iccidCheck"), value: iccidCheck(body.iccid, boundIccid, t) });
  }
  const bytes = hexToBytes(rawHex);
  const check = bytes.ok ? bytes.value[bytes.value.length - 1] : undefined;
  if (check !== undefined)
    fields.push({ label: t("frame.checksum"), value: `${hex2(check)} ${t("frame.checksumOk")}` });
  return fields;
}

/** The frame's ICCID against the SIM master data binds to the vehicle (domain-notes.md). */
function iccidCheck(iccid: string, boundIccid: string | null, t: Translate): string {
  if (boundIccid === null) return t("frame.iccidUnbound");
  return boundIccid === iccid ? t("frame.iccidMatch") : t("frame.iccidMismatch", { iccid: boundIccid });
}

/** Groups hex into byte pairs so a person can count offsets. */
export function spacedHex(hex: string): string {
  return (
    hex
      .replace(/\s+/g, "")
      .toUpperCase()
      .match(/.{1,2}/g) ?? []
  ).join(" ");
}

/**
 * The decoded GB/T 32960 (or HJ 1239) frame of one journal row, beside its hex (issue 6:
 * "beyond the spec"). A frame that fails to decode shows the domain's precise reason; a wrong
 * check code shows the expected one.
 */
export function FrameDetail({ content, boundIccid }: { content: string; boundIccid?: string | null }) {
  const t = useT();
  if (frameProtocol(content) === "hj1239") {
    const hj = decodeHj1239Message(content);
    if (hj.ok)
      return <FrameTable content={content} rows={hj1239FrameFields(hj.value, content, t, boundIccid)} problem={null} />;
    return <FrameTable content={content} rows={[]} problem={hj.error.message} />;
  }
  const decoded = decodeMessage(content);
  let rows: Field[] = [];
  let problem: string | null = null;
  if (decoded.ok) rows = frameFields(decoded.value, content, t, boundIccid);
  else {
    problem = decoded.error.message;
    if (decoded.error.code === "bcc-mismatch") {
      const bytes = hexToBytes(content);
      if (bytes.ok && bytes.value.length > 3) {
        const expected = bcc(bytes.value, 2, bytes.value.length - 1);
        problem = `${problem}；${t("frame.checksum")}：${t("frame.checksumBad", { expected: hex2(expected) })}`;
      }
    }
  }
  return <FrameTable content={content} rows={rows} problem={problem} />;
}

/** The hex beside the decoded fields, or beside the reason it does not decode. */
export function FrameTable({ content, rows, problem }: { content: string; rows: Field[]; problem: string | null }) {
  const t = useT();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-label={t("frame.hex")}>
        <h3 className="mb-2 text-sm font-medium text-gray-700">{t("frame.hex")}</h3>
        <pre
          // A long frame (an HJ 1239 unit of ten samples) scrolls: focusable, so the keyboard can scroll it.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="max-h-80 overflow-auto whitespace-pre-wrap rounded bg-gray-50 p-3 font-mono text-xs leading-5 text-gray-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
        >
          {spacedHex(content)}
        </pre>
      </section>
      <section aria-label={t("frame.title")}>
        <h3 className="mb-2 text-sm font-medium text-gray-700">{t("frame.title")}</h3>
        {problem ? (
          <p role="alert" className="rounded border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {t("frame.invalid", { reason: problem })}
          </p>
        ) : (
          <table className="w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">{t("frame.field")}</th>
                <th scope="col">{t("frame.value")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={f.label} className="border-b border-gray-100 last:border-0">
                  <th scope="row" className="w-40 py-1.5 pr-3 text-left font-normal text-gray-500">
                    {f.label}
                  </th>
                  <td className="break-all py-1.5 font-mono text-gray-800">{f.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
