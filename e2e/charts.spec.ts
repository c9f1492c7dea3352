// Every chart in docs/charts renders with mermaid in Chromium and draws every state of its machine; the
// sign-up's chart draws its six steps in order, one after the other in the reading direction.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { test, expect } from "./fixtures";

const dir = fileURLToPath(new URL("../docs/charts", import.meta.url));
const require = createRequire(import.meta.url);
const charts = readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "README.md");

for (const file of charts) {
  test(`chart ${file} renders every state`, async ({ page }) => {
    const markdown = readFileSync(path.join(dir, file), "utf8");
    const source = markdown.split("```mermaid\n")[1]?.split("\n```")[0] ?? "";
    const stateIds = [...source.matchAll(/^\s*state "[^"]*" as (\S+)$/gm)].map((m) => m[1]!);
    expect(stateIds.length).toBeGreaterThan(0);
    await page.setContent("<!doctype html><html lang=en><body><main id=out></main></body></html>");
    await page.addScriptTag({ path: require.resolve("mermaid/dist/mermaid.min.js") });
    const result = await page.evaluate(async (src) => {
      const mermaid = (window as unknown as { mermaid: { initialize(o: object): void; render(id: string, s: string): Promise<{ svg: string }> } }).mermaid;
      mermaid.initialize({ startOnLoad: false });
      try {
        const { svg } = await mermaid.render("chart", src);
        document.getElementById("out")!.innerHTML = svg;
        const boxes = [...document.querySelectorAll("g[id]")].map((g) => {
          const box = g.getBoundingClientRect();
          return { id: g.id, top: box.y };
        });
        return { ok: true as const, drawn: boxes.map((b) => b.id), boxes };
      } catch (error) {
        return { ok: false as const, error: String(error) };
      }
    }, source);
    expect(result.ok ? "" : result.error).toBe("");
    if (!result.ok) return;
    const missing = stateIds.filter((id) => !result.drawn.some((drawn) => drawn.includes(`-state-${id}-`)));
    expect(missing).toEqual([]);
    if (file === "signup.md") {
      // Top to bottom (Mermaid's default direction): step n+1 starts below step n.
      const top = (n: number) => result.boxes.find((b) => b.id.includes(`-state-s_signup_step${n}-`))!.top;
      const tops = [1, 2, 3, 4, 5, 6].map(top);
      expect(tops, `the steps' tops: ${tops.join(", ")}`).toEqual([...tops].sort((a, b) => a - b));
      expect(new Set(tops).size).toBe(6);
    }
  });
}
