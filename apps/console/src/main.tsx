import { PLATFORM_NAME } from "@tsp/domain";
import { getDefaultStore } from "jotai";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initClient } from "./api/sdk";
import { App } from "./app/App";
import { loadRuntimeConfig } from "./config/runtimeConfig";
import { localeAtom, translate } from "./i18n/i18n";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
document.title = PLATFORM_NAME;

try {
  const config = await loadRuntimeConfig();
  initClient(config);
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
