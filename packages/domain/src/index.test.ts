import { describe, expect, it } from "vitest";
import * as dates from "./dates/index";
import * as errors from "./errors/index";
import * as format from "./format/index";
import * as gbt32960 from "./gbt32960/index";
import * as geofence from "./geofence/index";
import * as identifiers from "./identifiers/index";
import * as root from "./index";
import * as jt808 from "./jt808/index";
import * as monitor from "./monitor/index";
import * as ner from "./ner/index";
import * as paging from "./paging/index";
import * as constants from "./platform/constants";
import * as throttle from "./platform/throttle";
import * as preview from "./preview/index";
import * as routes from "./routes/index";
import * as search from "./search/index";
import * as session from "./session/index";
import * as result from "./shared/result";
import * as simCard from "./simCard/index";
import * as tabs from "./tabs/index";
import * as trees from "./trees/index";
import * as upload from "./upload/index";
import * as validation from "./validation/index";

const areas = {
  dates,
  errors,
  format,
  gbt32960,
  geofence,
  identifiers,
  jt808,
  monitor,
  ner,
  paging,
  constants,
  throttle,
  preview,
  routes,
  search,
  session,
  simCard,
  result,
  tabs,
  trees,
  upload,
  validation,
};

describe("everything is re-exported from src/index.ts", () => {
  it.each(Object.entries(areas))("every export of %s is on the package", (_name, area) => {
    const names = Object.keys(area);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(root).toHaveProperty(name, (area as Record<string, unknown>)[name]);
  });
  it("no two areas export the same name", () => {
    const seen = new Map<string, string>();
    for (const [area, mod] of Object.entries(areas)) {
      for (const name of Object.keys(mod)) {
        expect(seen.get(name), `${name} in ${area} and ${seen.get(name)}`).toBeUndefined();
        seen.set(name, area);
      }
    }
  });
});
