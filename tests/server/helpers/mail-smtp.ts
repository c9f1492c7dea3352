// A real SMTP server in the test process (smtp-server), with a small MIME decoder for what nodemailer sends.
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([bqBQ])\?([^?]*)\?=\s*/g, (_m, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(decodeQpBytes(data.replaceAll("_", " "))).toString("utf8"),
  );
}

function decodeQpBytes(input: string): number[] {
  const bytes: number[] = [];
  const s = input.replace(/=\r?\n/g, "");
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "=" && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i] as string, "utf8"));
  }
  return bytes;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function splitPart(raw: string) {
  const i = raw.search(/\r?\n\r?\n/);
  const head = i < 0 ? raw : raw.slice(0, i);
  const body = i < 0 ? "" : raw.slice(i).replace(/^\r?\n\r?\n/, "");
  return { headers: parseHeaders(head), body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") return Buffer.from(decodeQpBytes(body)).toString("utf8");
  return body;
}

function collect(part: { headers: Record<string, string>; body: string }, out: { text: string; html: string }) {
  const type = part.headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith("--")) break;
      collect(splitPart(piece.replace(/^\r?\n/, "")), out);
    }
    return;
  }
  const decoded = decodeBody(part.headers, part.body);
  if (type.toLowerCase().startsWith("text/html")) out.html += decoded;
  else if (type.toLowerCase().startsWith("text/plain")) out.text += decoded;
}

export function parseMail(raw: string, from = "", to: string[] = []): ReceivedMail {
  const top = splitPart(raw);
  const out = { text: "", html: "" };
  collect(top, out);
  const headers = Object.fromEntries(Object.entries(top.headers).map(([k, v]) => [k, decodeWords(v)]));
  return { from, to, headers, subject: headers.subject ?? "", text: out.text, html: out.html, raw };
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Stops listening (an outage); messages received so far stay in `received`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** Starts an SMTP server on `port` (0: any free port). `delayMs` slows each message down (concurrency tests). */
export async function startSmtpServer({ port = 0, delayMs = 0, listen = true } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let actualPort = port;
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          const to = session.envelope.rcptTo.map((r) => r.address);
          setTimeout(() => {
            received.push(parseMail(Buffer.concat(chunks).toString("utf8"), from, to));
            callback();
          }, delayMs);
        });
      },
    });
  const handle: TestSmtpServer = {
    get port() {
      return actualPort;
    },
    get url() {
      return `smtp://127.0.0.1:${actualPort}`;
    },
    received,
    async start() {
      server = create();
      const s = server;
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(actualPort, "127.0.0.1", () => {
          s.off("error", reject);
          resolve();
        });
      });
      // A client that drops its connection (a server stopped or killed mid-message) is reported as an
      // 'error' event; unhandled, it would fail the test file that provoked it on purpose.
      s.on("error", () => {});
      actualPort = (s.server.address() as AddressInfo).port;
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  if (listen || port === 0) await handle.start();
  if (!listen) await handle.stop();
  return handle;
}
