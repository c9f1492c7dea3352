// Whether the Redis the shared rate-limit tests use answers on 127.0.0.1 (CI starts it; a test needing it is skipped
// without it, and CI fails on a skip).
import net from "node:net";

// A Redis that is down refuses at once; the wait only bounds a connection that hangs. It was 500 ms, and on a loaded
// machine a worker busy importing saw it time out against a running Redis, skipping its test (CI of 2344d91).
const CONNECT_WAIT_MS = 10_000;

export async function redisReachable(port = 6379): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, timeout: CONNECT_WAIT_MS }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
    socket.on("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}
