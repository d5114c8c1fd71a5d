import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library cleans up by itself only with Vitest globals, which we keep off.
afterEach(cleanup);

// Every area's words, as the screens' chunks would have registered them: unit tests render
// parts of screens without their page module. (Which screen imports which catalogue is checked
// from the source by tests/tooling/screenTexts.test.ts.)
import.meta.glob("./src/i18n/screens/*.ts", { eager: true });
