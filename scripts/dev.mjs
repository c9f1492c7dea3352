// `npm run dev`: the API server (watching) on API_PORT and Vite with hot reload, proxying /api to it.
import { spawn, spawnSync } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
spawnSync("npx", ["lingui", "compile", "--typescript"], { stdio: "inherit" });
const children = [
  spawn("npx", ["tsx", "watch", "server/main.ts"], { stdio: "inherit", env: { ...process.env, PORT: apiPort, HOST: "127.0.0.1" } }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
children.forEach((child) => child.on("exit", (code) => { stop(); process.exit(code ?? 0); }));
