// Starts the server: the built site and the API on one port.
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { DataDirectoryLockedError } from "./db/data-dir-lock";
import { keepTickShape } from "./tick-shape";

async function main() {
  void keepTickShape();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app;
  try {
    app = await buildApp({ config });
  } catch (error) {
    // PGlite's data directory is another process's: the message says which and what to do.
    if (error instanceof DataDirectoryLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", close);
  process.once("SIGTERM", close);
  await app.listen({ port: config.PORT, host: config.HOST });
  if (app.hasRoute({ method: "GET", url: "/dev/mailbox" })) {
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    console.log(`Development mailbox (this machine only): http://localhost:${port}/dev/mailbox`);
  }
}

void main();
