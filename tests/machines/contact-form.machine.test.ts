// The contact form machine: model-based coverage of every state and transition, then its behaviour with real actors.
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor, type EventObject } from "xstate";
import { contactFormMachine, hasDraft, type ContactFormEvent } from "#machines/contact-form.machine";
import type { ContactForm } from "#contract/calls";
import { actorOutcomes, uncovered, walkModel } from "./helpers/model";

const fieldEvents: ContactFormEvent[] = [
  { type: "field.changed", field: "name", value: "Ana Pérez" },
  { type: "field.changed", field: "businessName", value: "Café Brickell" },
  { type: "field.changed", field: "email", value: "ana@example.com" },
  { type: "field.changed", field: "email", value: "ana@example" },
  { type: "field.changed", field: "phone", value: "(305) 555-0100" },
  { type: "field.changed", field: "message", value: "Weekly pickup for our office, please." },
];
// The machine's events plus the actor's outcomes, which traversal walks as events.
const events = [
  ...fieldEvents,
  { type: "tab.changed", tab: "commercial" },
  { type: "tab.changed", tab: "residential" },
  { type: "draft.restored", draft: { type: "residential", values: { name: "Ana Pérez", businessName: "", email: "ana@example.com", phone: "(305) 555-0100", message: "Hola" } } },
  { type: "submit" },
  ...actorOutcomes({ sendContactForm: [{ ok: true }] }, { sendContactForm: [new Error("API Error: 500 Internal Server Error")] }),
] as EventObject[];

describe("contact form machine (model)", () => {
  it("covers every state and every transition", () => {
    const { total } = walkModel("contact-form.machine", contactFormMachine, { inputs: { default: {} }, events });
    expect(uncovered(contactFormMachine, total)).toEqual({ states: [], transitions: [] });
  }, 30_000);
});

function fill(actor: ReturnType<typeof start>, values: Partial<Record<"name" | "businessName" | "email" | "phone" | "message", string>>) {
  for (const [field, value] of Object.entries(values)) actor.send({ type: "field.changed", field: field as never, value: value! });
}

function start(send: (input: ContactForm) => Promise<unknown>, input = {}) {
  const actor = createActor(contactFormMachine.provide({ actors: { sendContactForm: fromPromise(({ input }) => send(input)) } }), { input });
  actor.start();
  return actor;
}

describe("contact form machine (behaviour)", () => {
  it("starts commercial and empty, or as the link asks", () => {
    expect(start(vi.fn()).getSnapshot().context).toMatchObject({ type: "commercial", values: { name: "", message: "" } });
    const prefilled = start(vi.fn(), { type: "residential", message: "Please come to Kendall." }).getSnapshot().context;
    expect(prefilled).toMatchObject({ type: "residential", values: { message: "Please come to Kendall." } });
  });

  it("takes back a draft typed before a reload: its tab and fields, no error shown", () => {
    const actor = start(vi.fn(), { message: "Please come to Kendall." });
    actor.send({ type: "submit" });
    const draft = { type: "residential" as const, values: { name: "Ana", businessName: "", email: "ana@example.com", phone: "", message: "Weekly pickup?" } };
    actor.send({ type: "draft.restored", draft });
    expect(actor.getSnapshot().matches({ form: "idle" })).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ ...draft, errors: {} });
  });

  it("counts as a draft only what was typed beyond the page's prefilled message", () => {
    const empty = { name: "", businessName: "", email: "", phone: "", message: "" };
    expect(hasDraft(empty)).toBe(false);
    expect(hasDraft({ ...empty, message: "Please come to Kendall." }, "Please come to Kendall.")).toBe(false);
    expect(hasDraft({ ...empty, message: "Please come to Kendall!" }, "Please come to Kendall.")).toBe(true);
    expect(hasDraft({ ...empty, name: "  " })).toBe(false);
    expect(hasDraft({ ...empty, email: "a@" })).toBe(true);
  });

  it("refuses an empty commercial form with the spec's keys and makes no call", () => {
    const send = vi.fn();
    const actor = start(send);
    actor.send({ type: "submit" });
    expect(actor.getSnapshot().matches({ form: "invalid" })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({
      name: "nameRequired",
      businessName: "businessNameRequired",
      email: "emailRequired",
      message: "messageRequired",
    });
    expect(send).not.toHaveBeenCalled();
  });

  it("clears one error when its field is edited, and the business-name and phone errors on a tab switch", () => {
    const actor = start(vi.fn());
    actor.send({ type: "submit" });
    actor.send({ type: "field.changed", field: "name", value: "A" });
    expect(actor.getSnapshot().context.errors.name).toBeUndefined();
    expect(actor.getSnapshot().context.errors.email).toBe("emailRequired");
    actor.send({ type: "tab.changed", tab: "residential" });
    actor.send({ type: "submit" });
    expect(actor.getSnapshot().context.errors.phone).toBe("phoneRequiredResidential");
    expect(actor.getSnapshot().context.errors.businessName).toBeUndefined();
    actor.send({ type: "tab.changed", tab: "commercial" });
    expect(actor.getSnapshot().context.errors.phone).toBeUndefined();
    expect(actor.getSnapshot().context.errors.email).toBe("emailRequired");
  });

  it("sends trimmed values, then resets to an empty commercial form and says so", async () => {
    const send = vi.fn(async () => ({ ok: true }));
    const actor = start(send, { type: "residential" });
    const sent = vi.fn();
    actor.on("sent", sent);
    fill(actor, { name: "  Ana Pérez ", email: " Ana@Example.com ", phone: " (305) 555-0100 ", message: "  Hola  ", businessName: "ignored" });
    actor.send({ type: "submit" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await waitFor(actor, (s) => s.matches({ form: "sent" }));
    expect(send).toHaveBeenCalledWith({ type: "residential", name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0100", message: "Hola" });
    expect(sent).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toEqual({
      type: "commercial",
      values: { name: "", businessName: "", email: "", phone: "", message: "" },
      errors: {},
    });
  });

  it("omits an empty phone on the commercial tab", async () => {
    const send = vi.fn(async () => ({ ok: true }));
    const actor = start(send);
    fill(actor, { name: "Luis", businessName: "Gables Dental", email: "luis@example.com", message: "Scrubs and towels weekly." });
    actor.send({ type: "submit" });
    await waitFor(actor, (s) => s.matches({ form: "sent" }));
    expect(send).toHaveBeenCalledWith({ type: "commercial", name: "Luis", businessName: "Gables Dental", email: "luis@example.com", message: "Scrubs and towels weekly." });
  });

  it("keeps everything typed when the call fails, and says so", async () => {
    const actor = start(async () => {
      throw new Error("API Error: 500 Internal Server Error");
    });
    const failed = vi.fn();
    actor.on("failed", failed);
    fill(actor, { name: "Luis", businessName: "Gables Dental", email: "luis@example.com", message: "Hi" });
    actor.send({ type: "submit" });
    await waitFor(actor, (s) => s.matches({ form: "failed" }));
    expect(failed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.values).toMatchObject({ name: "Luis", businessName: "Gables Dental", email: "luis@example.com", message: "Hi" });
  });
});
