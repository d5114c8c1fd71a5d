import { describe, expect, it } from "vitest";
import {
  type ForwardImportFacts,
  judgeForwardImport,
  MSG_IMPORT_DUPLICATE,
  MSG_IMPORT_PIN_FORMAT,
  MSG_IMPORT_PLATFORM_EMPTY,
  msgImportAlreadyForwarded,
  msgImportUnknownPin,
  msgImportUnknownPlatform,
} from "./forwardMachineImport";

const A = "LNR4PXN0000000001";
const B = "LNR4PXN0000000002";
const FACTS: ForwardImportFacts = {
  knownPins: new Set([A, B]),
  platforms: new Map([
    ["省级监管平台", 1],
    ["市级平台", 2],
  ]),
  forwarded: new Set([`2:${B}`]),
};

describe("judgeForwardImport", () => {
  it("adds a known PIN to a named platform, upper-casing and trimming the cells", () => {
    expect(judgeForwardImport([{ row: 2, pin: ` ${A.toLowerCase()} `, platform: " 省级监管平台 " }], FACTS)).toEqual([
      { row: 2, ok: true, pin: A, platformId: 1 },
    ]);
  });

  it("refuses each row with every reason: format, unknown PIN, empty or unknown platform, twice in the file, already forwarded", () => {
    const out = judgeForwardImport(
      [
        { row: 2, pin: "LNR4PXN000000000O", platform: "" },
        { row: 3, pin: "LNR4PXN0000000099", platform: "无此平台" },
        { row: 4, pin: A, platform: "省级监管平台" },
        { row: 5, pin: A, platform: "省级监管平台" },
        { row: 6, pin: A, platform: "市级平台" },
        { row: 7, pin: B, platform: "市级平台" },
      ],
      FACTS,
    );
    expect(out).toEqual([
      { row: 2, ok: false, pin: "LNR4PXN000000000O", reasons: [MSG_IMPORT_PIN_FORMAT, MSG_IMPORT_PLATFORM_EMPTY] },
      {
        row: 3,
        ok: false,
        pin: "LNR4PXN0000000099",
        reasons: [msgImportUnknownPin("LNR4PXN0000000099"), msgImportUnknownPlatform("无此平台")],
      },
      { row: 4, ok: true, pin: A, platformId: 1 },
      { row: 5, ok: false, pin: A, reasons: [MSG_IMPORT_DUPLICATE] },
      // The same machine to another platform is another pairing.
      { row: 6, ok: true, pin: A, platformId: 2 },
      { row: 7, ok: false, pin: B, reasons: [msgImportAlreadyForwarded(B, "市级平台")] },
    ]);
    expect(msgImportAlreadyForwarded(B, "市级平台")).toBe(`机械${B}已转发到“市级平台”`);
  });
});
