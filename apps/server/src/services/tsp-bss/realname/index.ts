import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0004 from "./0004_realname_review";
import { getRealnameDetail } from "./detail";
import { getRealnameVinList } from "./list";
import { reviewRealname } from "./review";
import { ensureSamplePhotos } from "./samplePhotos";
import { seedRealname } from "./seed";
import { submitRealname } from "./submit";

const handlers = { getRealnameVinList, getRealnameDetail, submitRealname, reviewRealname } satisfies HandlerTable;

/**
 * tsp-bss's real-name authentication (实名认证, /auth/index), a slice of the tsp-bss service with
 * its own migration, handlers and seed: the list of vehicles with their card's state, the
 * detail with the material's photos as short-lived signed links and the history, submit
 * (未认证 / 已驳回 → 审核中) and review (审核中 → 已认证 / 已驳回 with a reason, its own
 * permission). The rules are @tsp/domain's `realname/`.
 */
export const tspBssRealname: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0004_realname_review": m0004 },
  handlers,
  seed: seedRealname,
  // The seed has no object store: the demo records' photos are put there at start.
  register: (_app, ctx) => ensureSamplePhotos(ctx),
};
