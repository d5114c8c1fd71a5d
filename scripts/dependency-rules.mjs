// The layer rules of DESIGN.md ("Dependencies point one way"), checked from the source text.
// Used by `npm run lint` (scripts/check-deps.mjs) and proven by tests/tooling/dependency-rules.test.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** @typedef {{ file: string, line: number, rule: string, detail: string }} Violation */

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs)$/;
const TEST_FILE = /\.(test|spec)\.(ts|tsx)$/;

/**
 * Per layer: which bare packages it may import (null = any) and which workspaces.
 * Test files may also import the test tools.
 */
const LAYERS = {
  "packages/domain": { packages: ["valibot", "date-fns"], workspaces: [], pure: true },
  "packages/sdk": { packages: null, workspaces: [], pure: false },
  "packages/ui": { packages: null, workspaces: ["@tsp/domain"], pure: false },
  "apps/server": { packages: null, workspaces: ["@tsp/domain", "@tsp/sdk"], pure: false },
  "apps/console": { packages: null, workspaces: ["@tsp/domain", "@tsp/sdk", "@tsp/ui"], pure: false },
};
const TEST_TOOLS = ["vitest", "fast-check", "@testing-library/react", "@testing-library/user-event"];
/** Globals the pure domain must not touch: DOM, network, storage, clock and randomness. */
const IMPURE_GLOBALS = new Set([
  "window",
  "document",
  "fetch",
  "XMLHttpRequest",
  "localStorage",
  "sessionStorage",
  "navigator",
  "location",
  "setTimeout",
  "setInterval",
  "performance",
  "process",
  "require",
]);

function packageName(spec) {
  if (spec.startsWith("@")) return spec.split("/").slice(0, 2).join("/");
  return spec.split("/")[0];
}

function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) yield full;
  }
}

/** Free uses of impure globals, `Date.now()`, argument-less `new Date()` and `Math.random()`. */
function impureUses(sourceFile) {
  /** @type {{ line: number, detail: string }[]} */
  const found = [];
  const at = (node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const visit = (node) => {
    if (ts.isIdentifier(node) && IMPURE_GLOBALS.has(node.text)) {
      const parent = node.parent;
      // A name in a property or declaration position is not a use of the global.
      const isProperty =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        ts.isPropertySignature(parent) ||
        ts.isPropertyDeclaration(parent) ||
        ts.isMethodDeclaration(parent) ||
        ts.isParameter(parent) ||
        ts.isBindingElement(parent) ||
        ts.isVariableDeclaration(parent);
      if (!isProperty) found.push({ line: at(node), detail: `global ${node.text}` });
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const call = `${node.expression.text}.${node.name.text}`;
      if (
        call === "Date.now" ||
        call === "Math.random" ||
        call === "crypto.getRandomValues" ||
        call === "crypto.randomUUID"
      ) {
        found.push({ line: at(node), detail: call });
      }
    }
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "Date" &&
      !node.arguments?.length
    ) {
      found.push({ line: at(node), detail: "new Date() without a time" });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * Checks every source file under `root`'s layers. Returns the violations (empty = clean).
 * @param {string} rootDir
 * @returns {Violation[]}
 */
export function checkDependencies(rootDir) {
  const root = path.resolve(rootDir);
  /** @type {Violation[]} */
  const violations = [];
  const appsDir = path.join(root, "apps");
  for (const [layer, rule] of Object.entries(LAYERS)) {
    const layerDir = path.join(root, layer);
    for (const file of walk(path.join(layerDir, "src"))) {
      const text = readFileSync(file, "utf8");
      const rel = path.relative(root, file);
      const isTest = TEST_FILE.test(file);
      const lineOf = (spec) => text.slice(0, Math.max(0, text.indexOf(spec))).split("\n").length;
      for (const { fileName: spec } of ts.preProcessFile(text, true, true).importedFiles) {
        const add = (ruleName, detail) => violations.push({ file: rel, line: lineOf(spec), rule: ruleName, detail });
        if (spec.startsWith(".")) {
          const target = path.resolve(path.dirname(file), spec);
          if (!target.startsWith(layerDir + path.sep)) {
            if (target.startsWith(appsDir + path.sep)) add("no-import-from-apps", `${spec} reaches into apps/`);
            else add("no-relative-cross-layer", `${spec} leaves ${layer}; import the workspace by name`);
          }
          continue;
        }
        if (spec.startsWith("node:") && rule.pure) {
          add("domain-is-pure", `${spec} is I/O`);
          continue;
        }
        const name = packageName(spec);
        if (name === "@tsp/console" || name === "@tsp/server") {
          add("no-import-from-apps", `${spec} is an app`);
        } else if (name.startsWith("@tsp/")) {
          if (!rule.workspaces.includes(name)) add("layer-direction", `${layer} may not import ${name}`);
        } else if (rule.packages && !rule.packages.includes(name) && !(isTest && TEST_TOOLS.includes(name))) {
          add("domain-is-pure", `${layer} may import only ${rule.packages.join(", ")}, not ${spec}`);
        }
      }
      if (rule.pure && !isTest) {
        const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
        for (const use of impureUses(sf)) {
          violations.push({
            file: rel,
            line: use.line,
            rule: "domain-is-pure",
            detail: `${use.detail}: take it as a parameter`,
          });
        }
      }
    }
  }
  return violations;
}
