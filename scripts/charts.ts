// `npm run charts`: writes the statechart documentation from the machines themselves.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateCharts } from "./charts/generate";

const root = path.resolve(import.meta.dirname, "..");
const files = await generateCharts(root);
mkdirSync(path.join(root, "docs/charts"), { recursive: true });
for (const old of readdirSync(path.join(root, "docs/charts"))) rmSync(path.join(root, "docs/charts", old));
for (const [file, text] of files) writeFileSync(path.join(root, file), text);
console.log(`wrote ${files.size} files under docs/charts/`);
