import * as d from "@tsp/domain";
import type { RegisterScreen } from "../baseInfo/registers/RegisterPage";
import { FilingDocuments } from "./FilingDocuments";
import { type FilingMoveOps, FilingMoves } from "./FilingMoves";

/** The operation names of each filing (openapi tsp-bss, tags nr4<Kind>). */
const NAMES: Record<d.FilingKind, readonly [string, string]> = {
  chipModel: ["ChipModelFiling", "ChipModelFilings"],
  terminalModel: ["TerminalModelFiling", "TerminalModelFilings"],
  machineRecord: ["MachineFiling", "MachineFilings"],
  terminalReplaceRecord: ["TerminalReplaceFiling", "TerminalReplaceFilings"],
};

/** A row's state (the server answers one of the six). */
const statusOf = (row: Record<string, unknown>): d.FilingStatus =>
  d.isFilingStatus(row.status) ? row.status : "draft";

/**
 * One filing screen as a register screen (one piece, four filings): the register page's search,
 * page, detail, import and export, the state as a badge and a filter, 编辑 only while 草稿 /
 * 已驳回, 删除 only a draft, and the moves its state allows.
 */
export function filingScreen(kind: d.FilingKind): RegisterScreen {
  const [one, many] = NAMES[kind];
  const def = d.FILINGS[kind];
  const key = d.registerKey(def).key;
  return {
    def,
    base: kind,
    ops: {
      create: `create${one}`,
      update: `update${one}`,
      delete: `delete${one}`,
      export: `export${many}`,
      import: `import${many}`,
    } as RegisterScreen["ops"],
    filters: ["status"],
    tones: { draft: "gray", pending: "blue", approved: "green", rejected: "red", timeout: "amber", failed: "red" },
    canEdit: (row) => d.isFilingEditable(statusOf(row)),
    canDelete: (row) => d.isFilingDeletable(statusOf(row)),
    rowActions: (row) => (
      <>
        {kind !== "terminalReplaceRecord" && <FilingDocuments kind={kind} name={String(row[key])} />}
        <FilingMoves
          kind={kind}
          name={String(row[key])}
          status={statusOf(row)}
          ops={
            {
              submit: `submit${one}`,
              approve: `approve${one}`,
              reject: `reject${one}`,
              resubmit: `resubmit${one}`,
            } as FilingMoveOps
          }
        />
      </>
    ),
  };
}
