#!/usr/bin/env node
// `npm run lint` step: fails when a layer imports against DESIGN.md's arrows.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkDependencies } from "./dependency-rules.mjs";

const root = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const violations = checkDependencies(root);
for (const v of violations) console.error(`${v.file}:${v.line}  [${v.rule}] ${v.detail}`);
if (violations.length > 0) {
  console.error(`\n${violations.length} dependency-rule violation(s). See docs/architecture.md "Layers".`);
  process.exit(1);
}
console.log("dependency rules: clean");
