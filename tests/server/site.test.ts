// Serving the built site: routes fall back to index.html, files the build lacks are 404s, caching per file kind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildTestApp } from "./helpers/app";
import { testDriver } from "./helpers/database";

describe(`the built site (${testDriver})`, () => {
  const root = mkdtempSync(path.join(tmpdir(), "site-"));
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    mkdirSync(path.join(root, "assets"));
    writeFileSync(path.join(root, "index.html"), "<!doctype html><title>site</title>");
    writeFileSync(path.join(root, "assets", "pricing-page-Ab12Cd34.js"), "export default 1;");
    writeFileSync(path.join(root, "logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    app = await buildTestApp({ SITE_ROOT: root });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(["/", "/pricing", "/blog/some-post", "/signup?resume=1&payment=canceled", "/no/such/page"])(
    "answers the site route %s with index.html, revalidated on every visit",
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.body).toContain("<title>site</title>");
      expect(response.headers["cache-control"]).toBe("no-cache");
    },
  );

  it("serves /index.html itself revalidated too", async () => {
    const response = await app.inject("/index.html");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("caches a content-hashed asset for a year, as immutable", async () => {
    const response = await app.inject("/assets/pricing-page-Ab12Cd34.js");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("caches other public files for an hour", async () => {
    const response = await app.inject("/logo.svg");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it.each(["/assets/pricing-page-OldBuild.js", "/assets/index-OldBuild.css", "/favicon.ico", "/blog/feed.xml"])(
    "answers %s, a file this build does not have, with the JSON 404 instead of index.html",
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(response.json()).toEqual({ error: { code: "not_found", message: expect.stringContaining(url) } });
    },
  );

  it("answers a POST to a site route with the JSON 404", async () => {
    const response = await app.inject({ method: "POST", url: "/pricing", payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });

  it("keeps unknown /api paths JSON 404s", async () => {
    const response = await app.inject("/api/no-such-call");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });
});
