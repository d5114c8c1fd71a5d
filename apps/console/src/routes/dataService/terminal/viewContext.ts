import { createContext, useContext } from "react";

export type TerminalParamView = "templates" | "batches";

/** Switches 终端参数设置 between its templates and its batches (下发 ends on the batches). */
export const ViewContext = createContext<(view: TerminalParamView) => void>(() => undefined);
export const useSwitchView = () => useContext(ViewContext);
