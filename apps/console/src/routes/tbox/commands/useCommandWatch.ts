import { useEffect, useState } from "react";
import { type CommandDetail, getCommand, isOpen } from "../../../api/commands";

/** Follows one command (read every second) until it leaves its open states. */
export function useCommandWatch(id: number | null): CommandDetail | null {
  const [command, setCommand] = useState<CommandDetail | null>(null);
  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const c = await getCommand(id, controller.signal);
        setCommand(c);
        if (!isOpen(c.state)) return;
      } catch {
        if (controller.signal.aborted) return;
      }
      timer = setTimeout(read, 1000);
    };
    void read();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [id]);
  // A command read for an earlier id is not shown while the new one loads.
  return command !== null && command.id === id ? command : null;
}
