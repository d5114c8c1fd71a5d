/** Badge tones of the command states (every command screen). */
export const stateTones = {
  success: "green",
  failed: "red",
  expired: "amber",
  cancelled: "gray",
  queued: "blue",
  smsSent: "blue",
  sent: "blue",
  acknowledged: "blue",
} as const;
