// Whether the Redis the shared rate-limit tests use answers on 127.0.0.1 (CI starts it; a test needing it is skipped
// without it, and CI fails on a skip).
import net from "node:net";

export async function redisReachable(port = 6379): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, timeout: 500 }, () => {
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
