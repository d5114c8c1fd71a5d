// Session guard (platform-shell.md §2 "Session guard").
export { type GrantType, type GuardDecision, type GuardInput, sessionGuard } from "./sessionGuard";
