/// <reference types="vitest/config" />
import { availableParallelism } from "node:os";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react-swc";
import tailwindcss from "@tailwindcss/vite";
import optimizeLocales from "@react-aria/optimize-locales-plugin";
import { linguiMacroSwcPlugin } from "@lingui/swc-plugin/options";

const apiPort = Number(process.env.API_PORT ?? 3001);

/** react-router's package points every bundler at its development build; the production one drops its warnings. */
function reactRouterProduction(): Plugin {
  return {
    name: "react-router-production",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "react-router" || options?.ssr) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: resolved.id.replace("/dist/development/", "/dist/production/") };
    },
  };
}

export default defineConfig({
  plugins: [
    // Lingui 5 catalogs: the 6.x macro plugin makes v5 message ids only when told (its default is v6's alphabet).
    react({ plugins: [linguiMacroSwcPlugin({ useLinguiV5IdGeneration: true })] }),
    tailwindcss(),
    reactRouterProduction(),
    // react-aria's own strings (calendar, combo box, toasts...) only in the site's two languages (any region).
    optimizeLocales.vite({ locales: ["en", "es"] }),
  ],
  server: {
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/sandbox": `http://127.0.0.1:${apiPort}`,
      "/dev": `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    // BUILD_OUT_DIR lets parallel browser-test runs build side by side.
    outDir: process.env.BUILD_OUT_DIR ?? "dist",
    target: "es2022",
    sourcemap: false,
    // No preload helper in the entry (1.5 KB of every first load): a pre-rendered page names its route's
    // code and imports itself (scripts/prerender.mjs); on a later visit to another page, that page's chunk
    // fetches the imports it does not share with the pages already seen.
    modulePreload: false,
    // dist/.vite/manifest.json: scripts/size-budget.mjs reads which chunks a page imports statically.
    manifest: true,
    // The site has one style sheet, which scripts/prerender.mjs puts inline in every page: no lazy chunk may
    // ask for it again (with code splitting on, Vite's loader fetched it beside testimonials and the FAQ).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // XState, its React binding and the two small packages only that binding uses, in one chunk: left to
          // themselves they were spread over several chunks by which pages share which part. React and the
          // use-sync-external-store shim (react-aria uses it too) stay where they are, so only the support panel
          // loads more code than before (4 KB): the build went from 105 to 101 chunks and every page's first load
          // has one to four scripts fewer (each a few ms of main thread before the first paint at 4x CPU;
          // docs/performance.md).
          groups: [
            {
              name: "xstate",
              test: /node_modules[\\/](xstate[\\/]|@xstate[\\/]react[\\/]|use-isomorphic-layout-effect[\\/]|use-sync-external-store[\\/].*with-selector)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    // One worker per core: Vitest's default leaves one idle, which on CI's two cores runs every file in turn.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "happy-dom",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/machines/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup-dom.ts"],
          // Some tests import a page's whole module graph cold (tests/unit/page-modules.test.ts): 10 s on a
          // 2-core machine at load 16 (CI's Node 24 leg), past Vitest's default 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["tests/server/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A worker runs its files in one module graph, so PGlite's WebAssembly, Fastify, drizzle and stripe load
          // once a worker, not once a file: about a third of the suite's time. Each test file opens its own apps and
          // databases and closes them; tests/server/availability.test.ts shows what a once-a-process warning needs.
          isolate: false,
          globalSetup: ["tests/server/helpers/global-setup.ts"],
          // On PostgreSQL each worker has a database of its own (tests/server/helpers/worker-database.ts).
          setupFiles: ["tests/server/helpers/worker-env.ts"],
        },
      },
    ],
  },
});
