import { PLATFORM_NAME } from "@tsp/domain";
import { getDefaultStore } from "jotai";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initClient } from "./api/sdk";
import { getPermissions } from "./api/session";
import { App } from "./app/App";
import { loadRuntimeConfig } from "./config/runtimeConfig";
import { localeAtom, translate } from "./i18n/i18n";
import "./index.css";
import { permissionReloader, watchAuthzVersion } from "./permission/authzRefresh";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
document.title = PLATFORM_NAME;

try {
  const config = await loadRuntimeConfig();
  // Every answer's grants version is watched: when it changes, the menus and buttons reload.
  initClient(config, watchAuthzVersion(globalThis.fetch.bind(globalThis), permissionReloader(getPermissions)));
  createRoot(root).render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
} catch (error) {
  // Without config.json the console cannot know where its back end is: say so plainly.
  console.error(error);
  root.textContent = translate(getDefaultStore().get(localeAtom), "app.configFailed");
}
