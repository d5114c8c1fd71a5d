// JT/T 808 terminal parameters: 0x8103 set, 0x8104 / 0x8106 query, 0x0104 answer (values as bytes),
// and the general parameters an operator sets, typed (generalParams.ts).

export * from "./generalParams";
export * from "./terminalParams";
