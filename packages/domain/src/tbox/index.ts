// T-BOX terminals of base information › TBOX数据 (issue 20): values and edit rules.
export * from "./tboxEdit";
export * from "./tboxValues";
