import type { AppContext } from "../../context";
import type { Principal } from "../../platform/principal";

/** Who made a change, as change logs record it (business-areas.md §3 "updateBy / updateName"). */
export interface Actor {
  /** The account's username. */
  updateBy: string;
  /** Its display name. */
  updateName: string;
}

/** The signed-in account as an {@link Actor}: username and real name from the account table. */
export async function actorOf(principal: Principal, ctx: AppContext): Promise<Actor> {
  const row = await ctx.db
    .selectFrom("account")
    .select("real_name")
    .where("id", "=", principal.accountId)
    .executeTakeFirst();
  return { updateBy: principal.username, updateName: row?.real_name ?? principal.username };
}

/** The principal of a protected operation (the router answered 401 before a handler without one). */
export function must(principal: Principal | null): Principal {
  if (!principal) throw new Error("protected operation reached without a principal");
  return principal;
}
