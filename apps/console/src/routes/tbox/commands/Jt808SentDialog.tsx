import { Badge, Dialog } from "@tsp/ui";
import { useT } from "../../../i18n/i18n";
import { CommandTimeline } from "./CommandTimeline";
import { stateTones } from "./stateTones";
import { useCommandWatch } from "./useCommandWatch";

/**
 * After a JT/T 808 终端控制 / 车辆控制 is sent: the command's state as it moves (and, for 车辆控制,
 * the door as the terminal's 0x0500 reports it) above the vehicle's timeline.
 */
export function Jt808SentDialog({ id, vin, onClose }: { id: number; vin: string; onClose: () => void }) {
  const t = useT();
  const command = useCommandWatch(id);
  const answer = command?.answer as { doorLocked?: boolean } | null | undefined;
  return (
    <Dialog open title={t("cmd.timeline")} onClose={onClose} width={720}>
      <div className="flex flex-col gap-3">
        {command && (
          <p className="flex items-center gap-2 text-sm" data-testid="jt808-command-state">
            <Badge tone={stateTones[command.state]}>
              {t("cmd.jt808.sent", { id: command.id, state: t(`cmd.state.${command.state}`) })}
            </Badge>
            {typeof answer?.doorLocked === "boolean" && (
              <span className="font-medium text-gray-800">
                {t(answer.doorLocked ? "cmd.jt808.doorLocked" : "cmd.jt808.doorUnlocked")}
              </span>
            )}
            {command.reason && <span className="text-gray-600">{command.reason}</span>}
          </p>
        )}
        {/* Read again whenever the command moves, so the timeline never lags its state line. */}
        <CommandTimeline key={command?.state ?? "loading"} vin={vin} />
      </div>
    </Dialog>
  );
}
