import * as d from "@tsp/domain";
import { buttonClass, Dialog, inputClass, useToast } from "@tsp/ui";
import { type ReactNode, useEffect, useId, useState } from "react";
import * as api from "../../../api/monitor";
import type { MonitorInform } from "../../../api/types";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { checkInform, draftOf, type InformDraft } from "./informDraft";

/** 通知设置: opens {@link InformDialog} (everyone may read it; saving needs its permission). */
export function InformButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass()} onClick={() => setOpen(true)}>
        {t("monitor.inform")}
      </button>
      {open && <InformDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The tenant's notification setting of the monitoring list: what is told (events with their
 * thresholds, each about one kind of watch), to whom (receivers with mobile and e-mail) and how
 * (channels). Shows the saved setting and who saved it; checks with @tsp/domain before sending
 * and maps the server's refusals onto the same fields; read-only without the save permission.
 */
export function InformDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const can = useCan();
  const editable = can("setNerMonitorInform");
  const [saved, setSaved] = useState<MonitorInform | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState<InformDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    api.getMonitorInform(abort.signal).then(
      (s) => {
        setSaved(s);
        setDraft(draftOf(s));
      },
      () => {
        if (!abort.signal.aborted) setFailed(true);
      },
    );
    return () => abort.abort();
  }, []);

  // An edit re-checks the fields that show a message: a fixed one loses it, nothing new appears
  // on fields not yet complained about (the whole form is checked on 保存).
  const edit = (next: InformDraft) => {
    setDraft(next);
    setErrors((shown) => {
      if (Object.keys(shown).length === 0) return shown;
      const now = checkInform(next);
      const still = now.ok ? {} : now.errors;
      return Object.fromEntries(Object.entries(still).filter(([key]) => key in shown));
    });
  };

  const save = async () => {
    if (!draft || busy) return;
    const checked = checkInform(draft);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      const s = await api.setMonitorInform(checked.value);
      setSaved(s);
      setDraft(draftOf(s));
      toast.success(t("monitor.informSaved"));
      onClose();
    } catch (error) {
      setErrors({ ...refusalByField(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={t("monitor.informTitle")}
      width={760}
      onClose={onClose}
      {...(editable && draft ? { onConfirm: () => void save(), confirmText: t("monitor.save") } : {})}
      confirmDisabled={busy}
    >
      {draft && saved ? (
        <InformForm draft={draft} saved={saved} editable={editable} errors={errors} onChange={edit} />
      ) : (
        <p className="py-6 text-center text-gray-500" role={failed ? "alert" : "status"}>
          {failed ? t("monitor.informFailed") : t("monitor.informLoading")}
        </p>
      )}
    </Dialog>
  );
}

/** An alarm level of the form as a catalogue key's value (1 when not one of 1–3). */
const typeOfLevel = (text: string) => (text === "2" || text === "3" ? text : "1");

/** `list` with `value` in it (on) or out of it. */
const toggle = <T extends string>(list: readonly T[], value: T, on: boolean) =>
  on ? [...list.filter((x) => x !== value), value] : list.filter((x) => x !== value);

/** The form's body: the summary, then what, how and to whom. */
function InformForm({
  draft,
  saved,
  editable,
  errors,
  onChange,
}: {
  draft: InformDraft;
  saved: MonitorInform;
  editable: boolean;
  errors: Readonly<Record<string, string>>;
  onChange: (draft: InformDraft) => void;
}) {
  const t = useT();
  const id = useId();
  const set = (patch: Partial<InformDraft>) => onChange({ ...draft, ...patch });
  const message = (key: string) =>
    errors[key] ? (
      <p role="alert" className="text-xs text-red-600">
        {errors[key]}
      </p>
    ) : null;
  const setReceiver = (i: number, patch: Partial<InformDraft["receivers"][number]>) =>
    set({ receivers: draft.receivers.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const summary = draft.enabled
    ? t("monitor.summaryOn", {
        events:
          draft.events
            .map((e) =>
              t(`monitor.sum.${e}`, {
                n: e === "offline" ? draft.offlineHours : draft.noLoginDays,
                level: t(`monitor.alarmLevel.${typeOfLevel(draft.alarmLevelMin)}`),
              }),
            )
            .join("、") || "—",
        channels: draft.channels.map((c) => t(`monitor.channel.${c}`)).join("、") || "—",
        n: draft.receivers.length,
      })
    : t("monitor.summaryOff");
  const eventLine = (event: d.MonitorEvent, extra?: ReactNode) => (
    <div key={event} className="flex flex-wrap items-center gap-2">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4 accent-blue-600"
          checked={draft.events.includes(event)}
          onChange={(e) => set({ events: toggle(draft.events, event, e.target.checked) })}
        />
        {t(`monitor.event.${event}`)}
      </label>
      {extra}
    </div>
  );
  const numberBox = (key: "offlineHours" | "noLoginDays", unit: string, max: number) => (
    <span className="flex items-center gap-1">
      <input
        type="number"
        min={1}
        max={max}
        aria-label={t(`monitor.${key}`)}
        aria-invalid={errors[key] ? true : undefined}
        className={inputClass("w-20", Boolean(errors[key]))}
        value={draft[key]}
        onChange={(e) => set({ [key]: e.target.value })}
      />
      {unit}
      {message(key)}
    </span>
  );

  return (
    <fieldset disabled={!editable} className="flex flex-col gap-4">
      <legend className="sr-only">{t("monitor.informTitle")}</legend>
      <div className="rounded bg-gray-50 px-3 py-2 text-gray-700" aria-live="polite">
        <p>
          <span className="font-medium">{t("monitor.summary")}</span>
          <span data-testid="inform-summary">{summary}</span>
        </p>
        <p className="text-xs text-gray-500">
          {saved.updateBy
            ? t("monitor.informLast", { who: saved.updateBy, when: formatDateTime(saved.updateTime) })
            : t("monitor.informNever")}
        </p>
        {!editable && <p className="text-xs text-amber-700">{t("monitor.informReadOnly")}</p>}
      </div>
      {message("")}

      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          role="switch"
          aria-checked={draft.enabled}
          className="size-4 accent-blue-600"
          checked={draft.enabled}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
        <span className="font-medium">{t("monitor.enabled")}</span>
        <span className="text-xs text-gray-500">{t("monitor.enabledHint")}</span>
      </label>

      <fieldset className="flex flex-col gap-2 rounded border border-gray-200 p-3">
        <legend className="px-1 font-medium">{t("monitor.events")}</legend>
        {eventLine("keyState")}
        {eventLine("offline", numberBox("offlineHours", t("monitor.hours"), d.OFFLINE_HOURS_RANGE[1]))}
        {eventLine(
          "alarm",
          <span className="flex items-center gap-1">
            <select
              aria-label={t("monitor.alarmLevelMin")}
              className={inputClass("w-52", Boolean(errors.alarmLevelMin))}
              value={draft.alarmLevelMin}
              onChange={(e) => set({ alarmLevelMin: e.target.value })}
            >
              {([1, 2, 3] as const).map((level) => (
                <option key={level} value={String(level)}>
                  {t("monitor.levelOption", {
                    level: t(`monitor.alarmLevel.${level}`),
                    meaning: t(`monitor.levelMeaning.${level}`),
                  })}
                </option>
              ))}
            </select>
            {message("alarmLevelMin")}
          </span>,
        )}
        {eventLine("noLogin", numberBox("noLoginDays", t("monitor.days"), d.NO_LOGIN_DAYS_RANGE[1]))}
        {message("events")}
      </fieldset>

      <fieldset className="flex flex-wrap items-center gap-4 rounded border border-gray-200 p-3">
        <legend className="px-1 font-medium">{t("monitor.channels")}</legend>
        {d.MONITOR_CHANNELS.map((c) => (
          <label key={c} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-blue-600"
              checked={draft.channels.includes(c)}
              onChange={(e) => set({ channels: toggle(draft.channels, c, e.target.checked) })}
            />
            {t(`monitor.channel.${c}`)}
          </label>
        ))}
        {message("channels")}
      </fieldset>

      <fieldset className="flex flex-col gap-2 rounded border border-gray-200 p-3">
        <legend className="px-1 font-medium">{t("monitor.receivers")}</legend>
        {draft.receivers.length === 0 && <p className="text-gray-500">{t("monitor.noReceivers")}</p>}
        {draft.receivers.map((r, i) => {
          const field = (key: "name" | "mobile" | "email", label: string, width: string) => {
            const path = `receivers.${i}.${key}`;
            return (
              <span className={`flex flex-col gap-0.5 ${width}`}>
                <input
                  id={`${id}-${path}`}
                  aria-label={`${t("monitor.receiverRow", { n: i + 1 })} ${label}`}
                  aria-invalid={errors[path] ? true : undefined}
                  placeholder={label}
                  className={inputClass("w-full", Boolean(errors[path]))}
                  value={r[key]}
                  maxLength={key === "name" ? d.MONITOR_RECEIVER_NAME_MAX : key === "email" ? d.MONITOR_EMAIL_MAX : 11}
                  inputMode={key === "mobile" ? "numeric" : undefined}
                  onChange={(e) => setReceiver(i, { [key]: e.target.value })}
                />
                {message(path)}
              </span>
            );
          };
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a receiver has no key of its own while typed
            <div key={i} className="flex flex-wrap items-start gap-2">
              {field("name", t("monitor.receiverName"), "w-32")}
              {field("mobile", t("monitor.receiverMobile"), "w-36")}
              {field("email", t("monitor.receiverEmail"), "w-56")}
              <button
                type="button"
                className={buttonClass("link", "h-8 text-red-600")}
                aria-label={t("monitor.removeReceiver", { n: i + 1 })}
                onClick={() => set({ receivers: draft.receivers.filter((_, j) => j !== i) })}
              >
                {t("kit.delete")}
              </button>
            </div>
          );
        })}
        {message("receivers")}
        {draft.receivers.length < d.MONITOR_RECEIVERS_MAX && (
          <button
            type="button"
            className={buttonClass("default", "self-start")}
            onClick={() => set({ receivers: [...draft.receivers, { name: "", mobile: "", email: "" }] })}
          >
            {t("monitor.addReceiver")}
          </button>
        )}
      </fieldset>
    </fieldset>
  );
}
