// The build preloads each pre-rendered page's code by the module src/app/page-modules.ts names: it must be
// the module the route really loads, or the page would preload one thing and wait for another.
import { describe, expect, it } from "vitest";
import { createPages } from "../../src/app/router";
import { pageModules } from "../../src/app/page-modules";

describe("the pages' modules named for the build", () => {
  const pages = createPages();

  it("name every route, and no route that does not exist", () => {
    expect(Object.keys(pageModules).sort()).toEqual(pages.map((page) => page.path).sort());
  });

  it.each(pages.map((page) => [page.path, page] as const))("name the module %s loads", async (path, page) => {
    const named: unknown = await import(/* @vite-ignore */ `../../${pageModules[path]}`);
    expect(named).toBe(await page.load());
  });
});
