// Requests over a real socket, for what app.inject() cannot reach: the answers sent ahead of Fastify's routing
// (server/first-answer.ts).
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

/** One request over a real socket: status, headers and the body's bytes as sent (not decoded). */
export function overSocket(port: number, method: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, method, path: url, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

/** Headers of an answer without those the connection adds (Date, Connection, Keep-Alive). */
export const answerHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !["date", "connection", "keep-alive"].includes(name)));
