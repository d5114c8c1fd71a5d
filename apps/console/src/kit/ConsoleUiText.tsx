import { DEFAULT_UI_TEXT, type UiText, UiTextProvider } from "@tsp/ui";
import { useAtomValue } from "jotai";
import { type ReactNode, useMemo } from "react";
import { localeAtom, type MessageKey, translate } from "../i18n/i18n";

/**
 * Gives the widget kit the words of the console's current catalogue (zh-CN or English), so
 * @tsp/ui keeps no strings of its own beyond the spec's defaults.
 */
export function ConsoleUiText({ children }: { children: ReactNode }) {
  const locale = useAtomValue(localeAtom);
  const text = useMemo<UiText>(() => {
    const t = (key: MessageKey) => translate(locale, key);
    return {
      ...DEFAULT_UI_TEXT,
      query: t("kit.query"),
      reset: t("kit.reset"),
      expand: t("kit.expand"),
      collapse: t("kit.collapse"),
      searchForm: t("kit.searchForm"),
      all: t("kit.all"),
      paging: t("kit.paging"),
      pageSize: t("kit.pageSize"),
      perPage: t("kit.perPage"),
      totalRows: t("kit.totalRows"),
      pageNo: t("kit.pageNo"),
      previous: t("kit.previous"),
      next: t("kit.next"),
      lastPage: t("kit.lastPage"),
      noData: t("common.noData"),
      confirm: t("common.confirm"),
      cancel: t("common.cancel"),
      close: t("common.close"),
      to: t("kit.to"),
      start: t("kit.start"),
      end: t("kit.end"),
      last7Days: t("kit.last7Days"),
      actions: t("kit.actions"),
      dateTimePlaceholder: t("kit.dateTimePlaceholder"),
      importing: {
        confirm: t("kit.imp.confirm"),
        busy: t("kit.imp.busy"),
        done: t("kit.imp.done"),
        again: t("kit.imp.again"),
        step1: t("kit.imp.step1"),
        downloadTemplate: t("kit.imp.downloadTemplate"),
        step2: t("kit.imp.step2"),
        fillHint: t("kit.imp.fillHint"),
        step3: t("kit.imp.step3"),
        chooseFile: t("kit.imp.chooseFile"),
        chooseFileLabel: t("kit.imp.chooseFileLabel"),
        chosen: t("kit.imp.chosen"),
        fileRule: t("kit.imp.fileRule"),
        allowCover: t("kit.imp.allowCover"),
        result: t("kit.imp.result"),
        all: t("kit.imp.all"),
        success: t("kit.imp.success"),
        failed: t("kit.imp.failed"),
        downloadFailed: t("kit.imp.downloadFailed"),
        failedRows: t("kit.imp.failedRows"),
        allSaved: t("kit.imp.allSaved"),
        saved: t("kit.imp.saved"),
        failedToast: t("kit.imp.failedToast"),
        queued: t("kit.imp.queued"),
        progress: t("kit.imp.progress"),
        progressRows: t("kit.imp.progressRows"),
        row: t("kit.imp.row"),
        key: t("kit.imp.key"),
        reason: t("kit.imp.reason"),
      },
    };
  }, [locale]);
  return <UiTextProvider text={text}>{children}</UiTextProvider>;
}
