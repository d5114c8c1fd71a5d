import { Badge } from "@tsp/ui";
import { useEffect, useState } from "react";
import { getCommandTimeline, type TimelineEvent } from "../../../api/commands";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";

const TONES = { success: "green", failed: "red", expired: "amber", cancelled: "gray" } as const;

/**
 * A vehicle's timeline (issue 17): its commands' steps — queued, smsSent (wake-up), sent,
 * acknowledged, success / failed / expired / cancelled — and its logins (唤醒登入 marked) and logouts, newest first, read again every two
 * seconds so a command can be watched reaching the vehicle.
 */
export function CommandTimeline({ vin }: { vin: string }) {
  const t = useT();
  const [events, setEvents] = useState<TimelineEvent[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        setEvents(await getCommandTimeline(vin, controller.signal));
      } catch {
        if (controller.signal.aborted) return;
      }
      timer = setTimeout(read, 2000);
    };
    void read();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [vin]);
  return (
    <section aria-label={t("cmd.timelineOf", { vin })} className="flex flex-col gap-2">
      <h2 className="text-base font-medium text-gray-800">{t("cmd.timelineOf", { vin })}</h2>
      {events !== null && events.length === 0 && <p className="text-sm text-gray-600">{t("cmd.timelineEmpty")}</p>}
      <ol className="flex flex-col border-l-2 border-gray-200 pl-4" data-testid="command-timeline">
        {(events ?? []).slice(0, 50).map((e) => (
          <li key={`${e.at}-${e.type}-${e.commandId ?? ""}`} className="flex flex-wrap items-center gap-2 py-1 text-sm">
            <span className="w-40 text-gray-600">{formatDateTime(e.at)}</span>
            {e.commandId === null ? (
              <>
                <span className="font-medium text-gray-800">{t(`cmd.event.${e.type as "login" | "logout"}`)}</span>
                {/* 唤醒登入: the login that followed a wake-up SMS. */}
                {e.note && <Badge tone="green">{e.note}</Badge>}
              </>
            ) : (
              <>
                <Badge tone={TONES[e.type as keyof typeof TONES] ?? "blue"}>
                  {t(`cmd.state.${e.type as Exclude<TimelineEvent["type"], "login" | "logout">}`)}
                </Badge>
                <span className="text-gray-800">
                  {e.kind ? t(`cmd.kind.${e.kind}`) : ""} #{e.commandId}
                </span>
                {e.note && <span className="text-gray-600">{e.note}</span>}
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
