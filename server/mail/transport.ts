// Where rendered messages go: any SMTP server (SMTP_URL) through nodemailer, or the development mailbox.
import { createTransport } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Database } from "../db/index";
import { devMailbox } from "../db/schema";

export interface OutgoingMessage {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** The stable Message-ID of this message (`<...@...>`): a repeat after a crash carries the same one. */
  messageId?: string;
}

export interface MailTransport {
  readonly name: "smtp" | "dev-mailbox";
  send(message: OutgoingMessage, outboxId?: number): Promise<{ messageId: string }>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  // Short timeouts: a hung server must not hold a claimed message for long (the worker renews its lease meanwhile).
  const options: SMTPTransport.Options = { url, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };
  const transporter = createTransport(options);
  return {
    name: "smtp",
    async send(message) {
      // Addresses as objects: nodemailer then takes each as one address, never parsing a list or a name out of it.
      const address = (value: string) => ({ name: "", address: value });
      const info = await transporter.sendMail({ ...message, to: address(message.to), replyTo: message.replyTo ? address(message.replyTo) : undefined });
      return { messageId: message.messageId ?? info.messageId };
    },
    close: () => transporter.close(),
  };
}

/** Keeps each message in the database, shown at /dev/mailbox outside production. */
export function devMailboxTransport(db: Database): MailTransport {
  return {
    name: "dev-mailbox",
    async send(message, outboxId) {
      const [row] = await db
        .insert(devMailbox)
        .values({ outboxId, from: message.from, to: message.to, replyTo: message.replyTo, subject: message.subject, html: message.html, text: message.text })
        .returning({ id: devMailbox.id });
      return { messageId: message.messageId ?? `dev-mailbox-${row?.id}` };
    },
    close: () => {},
  };
}
