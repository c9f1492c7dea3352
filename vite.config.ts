/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react-swc";
import tailwindcss from "@tailwindcss/vite";

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [
    react({ plugins: [["@lingui/swc-plugin", {}]] }),
    tailwindcss(),
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
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "happy-dom",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/machines/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup-dom.ts"],
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
          // PostgreSQL is one shared database, so its files run one at a time; PGlite gives each file its own.
          fileParallelism: !process.env.DATABASE_URL,
        },
      },
    ],
  },
});
