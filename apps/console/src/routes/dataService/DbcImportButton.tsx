import { CAN_SIGNAL_REGISTER, checkRegisterRow } from "@tsp/domain";
import { buttonClass, type Column, DataTable, Dialog, inputClass } from "@tsp/ui";
import { useId, useState } from "react";
import { type DbcImportResult, type DbcLineProblem, type DbcSignalRow, importCanDbc } from "../../api/dataService";
import { useT } from "../../i18n/i18n";
import { useListReload } from "../../kit/ListPage";
import { useCan } from "../../permission/useCan";

/** The vehicle model alone, checked by the register's own rule for it (letters, digits and - _ . /). */
const MODEL_ONLY = {
  ...CAN_SIGNAL_REGISTER,
  fields: CAN_SIGNAL_REGISTER.fields.filter((f) => f.key === "vehicleModel"),
  rules: undefined,
};
const modelOk = (model: string) => checkRegisterRow(MODEL_ONLY, { vehicleModel: model }).ok;

/**
 * 导入DBC beside 新增 on CAN信号采集 (with importCanDbc's permission): the vehicle model, the
 * .dbc file, 读取预览 (a dry run: the signals read and every line that cannot be imported, with
 * its number, text and reason) and 确认导入 (all signals saved, or none while a line is
 * reported). The list reloads after a save.
 */
export function DbcImportButton() {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const ids = { model: useId(), file: useId(), cover: useId() };
  const [open, setOpen] = useState(false);
  const [model, setModel] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [cover, setCover] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<DbcImportResult | null>(null);
  if (!can("importCanDbc")) return null;

  const run = async (dryRun: boolean) => {
    if (!modelOk(model)) return setProblem(t("ds.dbc.needModel"));
    if (!file) return setProblem(t("ds.dbc.needFile"));
    setProblem(null);
    setBusy(true);
    try {
      const answer = await importCanDbc(file, { vehicleModel: model.trim(), allowCover: cover, dryRun });
      setResult(answer);
      if (answer.saved) reload();
    } catch {
      // Toasted by the shell.
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setOpen(false);
    setResult(null);
    setProblem(null);
  };
  const problemColumns: Column<DbcLineProblem>[] = [
    { key: "line", title: t("ds.dbc.line"), width: 70 },
    { key: "text", title: t("ds.dbc.text"), ellipsis: true },
    { key: "reason", title: t("ds.dbc.reason"), width: 300 },
  ];
  const signalColumns: Column<DbcSignalRow>[] = [
    { key: "line", title: t("ds.dbc.line"), width: 60 },
    { key: "messageId", title: t("reg.can.messageId"), width: 110 },
    { key: "signalName", title: t("reg.can.signalName") },
    { key: "nameZh", title: t("reg.can.nameZh") },
    { key: "startBit", title: t("reg.can.startBit"), width: 70 },
    { key: "bitLength", title: t("reg.can.bitLength"), width: 80 },
    { key: "byteOrder", title: t("reg.can.byteOrder"), width: 150, text: (r) => t(`reg.can.byteOrder.${r.byteOrder}`) },
    { key: "factor", title: t("reg.can.factor"), width: 100 },
    { key: "valueOffset", title: t("reg.can.valueOffset"), width: 90 },
    { key: "unit", title: t("reg.can.unit"), width: 70 },
    { key: "periodMs", title: t("reg.can.periodMs"), width: 110 },
  ];
  return (
    <>
      <button type="button" className={buttonClass("default")} onClick={() => setOpen(true)}>
        {t("ds.dbc.button")}
      </button>
      <Dialog
        open={open}
        title={t("ds.dbc.title")}
        onClose={close}
        width={1000}
        onConfirm={() => run(false)}
        confirmText={t("ds.dbc.save")}
        confirmDisabled={busy}
        footerExtra={
          <button type="button" className={buttonClass("default")} disabled={busy} onClick={() => run(true)}>
            {t("ds.dbc.preview")}
          </button>
        }
      >
        <div className="flex flex-col gap-3">
          <div className="grid grid-cols-[110px_1fr] items-center gap-x-3 gap-y-2">
            <label htmlFor={ids.model} className="text-right text-gray-600">
              {t("ds.dbc.model")}
            </label>
            <div>
              <input
                id={ids.model}
                className={inputClass("w-72")}
                value={model}
                maxLength={32}
                onChange={(e) => setModel(e.target.value)}
              />
              <span className="ml-2 text-xs text-gray-500">{t("ds.dbc.modelHint")}</span>
            </div>
            <label htmlFor={ids.file} className="text-right text-gray-600">
              {t("ds.dbc.file")}
            </label>
            <div>
              <input
                id={ids.file}
                type="file"
                accept=".dbc"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setResult(null);
                }}
              />
              <span className="ml-2 text-xs text-gray-500">{t("ds.dbc.fileHint")}</span>
            </div>
            <span />
            <label htmlFor={ids.cover} className="flex items-center gap-2">
              <input id={ids.cover} type="checkbox" checked={cover} onChange={(e) => setCover(e.target.checked)} />
              {t("ds.dbc.cover")}
            </label>
          </div>
          {problem && (
            <p role="alert" className="text-red-600">
              {problem}
            </p>
          )}
          {result && (
            <section aria-label={t("ds.dbc.signals")} className="flex flex-col gap-2">
              <p role="status">
                {t("ds.dbc.summary", { messages: result.messages, all: result.all, failed: result.failed })}
                {" · "}
                {result.saved
                  ? t("ds.dbc.saved", { success: result.success })
                  : result.failed > 0
                    ? t("ds.dbc.notSaved")
                    : t("ds.dbc.previewOnly")}
              </p>
              {result.rows.length > 0 && (
                <>
                  <h3 className="font-medium text-red-700">{t("ds.dbc.problems")}</h3>
                  <DataTable
                    label={t("ds.dbc.problems")}
                    columns={problemColumns}
                    rows={result.rows}
                    rowKey={(r, i) => `${r.line}-${i}`}
                    height={160}
                  />
                </>
              )}
              <h3 className="font-medium">{t("ds.dbc.signals")}</h3>
              <DataTable
                label={t("ds.dbc.signals")}
                columns={signalColumns}
                rows={result.signals}
                rowKey={(r) => r.code}
                height={260}
              />
            </section>
          )}
        </div>
      </Dialog>
    </>
  );
}
