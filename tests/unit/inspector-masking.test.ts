// What the Stately inspector (an outside service, ?inspect in development or VITE_INSPECT=1 builds) is sent: masked
// as the support log is. No inspector window: the browser inspector's `send` option receives what it would post.
import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { createBrowserInspector, type StatelyInspectionEvent } from "@statelyai/inspect";
import { contactFormMachine } from "#machines/contact-form.machine";
import { signupMachine } from "#machines/signup.machine";
import { inspectorOptions } from "../../src/inspection/start";
import { validSignupForm } from "../fixtures/signup-form";

const CHECKOUT_URL = "https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ#fidkdWxOYHwnPyd1blpxYHZxWjA0";

describe("the Stately inspector is sent masked data", () => {
  it("its sanitizers mask a machine's context and events: e-mail, names, phone, street", async () => {
    const { sanitizeContext, sanitizeEvent } = await inspectorOptions();
    expect(sanitizeContext({ form: { firstName: "Ana María", email: "ana@example.com", address: { street: "100 Main St", zip: "33131" } }, step: 2 })).toEqual({
      form: { firstName: "Axx Mxxxx", email: "a***@e***.com", address: { street: "100 Mxxx Sx", zip: "33131" } },
      step: 2,
    });
    expect(sanitizeEvent({ type: "field.changed", field: "lastName", value: "Díaz" })).toEqual({ type: "field.changed", field: "lastName", value: "Dxxx" });
    expect(sanitizeEvent({ type: "email.changed", value: "ana@example.com" })).toEqual({ type: "email.changed", value: "a***@e***.com" });
    expect(sanitizeEvent({ type: "email.changed", value: "ana.ma" })).toEqual({ type: "email.changed", value: "a***" });
    expect(sanitizeEvent({ type: "building.changed", field: "unit", value: "Apt 12B" })).toEqual({ type: "building.changed", field: "unit", value: "xxx 00x" });
    expect(sanitizeContext({ form: { building: { unit: "12B", openingHours: "9am", closingHours: "6pm" } } })).toEqual({ form: { building: { unit: "00x", openingHours: "0xx", closingHours: "0xx" } } });
  });

  it("a contact message being sent: neither the context, the edits nor the call's input carry what the visitor wrote", async () => {
    const options = await inspectorOptions();
    const sent: StatelyInspectionEvent[] = [];
    const inspector = createBrowserInspector({ ...options, autoStart: false, send: (event) => sent.push(event) });
    const actor = createActor(contactFormMachine.provide({ actors: { sendContactForm: fromPromise(() => new Promise<never>(() => {})) as never } }), {
      input: { type: "residential" },
      inspect: inspector.inspect,
    }).start();
    actor.send({ type: "field.changed", field: "name", value: "Marta Ruiz" });
    actor.send({ type: "field.changed", field: "email", value: "marta.ruiz@example.com" });
    actor.send({ type: "field.changed", field: "phone", value: "(305) 555-0199" });
    actor.send({ type: "field.changed", field: "message", value: "My ex must not know: unit 4B, code 7731" });
    actor.send({ type: "submit" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    actor.stop();

    const posted = sent.map((event) => options.serialize(event));
    expect(posted).toEqual(sent);
    const text = JSON.stringify(posted);
    for (const secret of ["Marta", "Ruiz", "marta.ruiz", "555-0199", "My ex", "unit 4B", "7731"]) expect(text, secret).not.toContain(secret);
    expect(text).toContain('"sendContactForm"');
    // The send's input, as the inspector shows the invoked call: the message masked there too.
    const input = posted.flatMap((event) => ((event as { snapshot?: { input?: { message?: string } } }).snapshot?.input?.message ? [event] : []));
    expect(input.length).toBeGreaterThan(0);
    expect(text).toContain("xx xx xxxx xxx xxxx* xxxx 0x* xxxx 0000");
    const contactSnapshots = posted.filter((event) => event.type === "@xstate.snapshot" && event.sessionId === actor.sessionId) as { snapshot: { value: unknown } }[];
    expect(contactSnapshots.at(-1)?.snapshot.value).toBe("submitting");
  });

  it("a sign-up leaving for payment: neither its context, its events nor its calls' inputs and answers carry the customer", async () => {
    const options = await inspectorOptions();
    const sent: StatelyInspectionEvent[] = [];
    const inspector = createBrowserInspector({ ...options, autoStart: false, send: (event) => sent.push(event) });
    const form = validSignupForm({ buildingType: "business", building: { ...validSignupForm().building, businessName: "Ana's Salon", accessCode: "KEY-5569" } });
    const actor = createActor(
      signupMachine.provide({
        actors: { saveCheckout: fromPromise(async () => {}) as never, createCheckout: fromPromise(async () => CHECKOUT_URL) as never, redirect: fromPromise(() => new Promise<never>(() => {})) as never },
      }),
      { input: { language: "en", today: "2030-01-07", origin: "https://freshfold.test", form, restoreStep: 6 }, inspect: inspector.inspect },
    ).start();
    actor.send({ type: "step.next" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    actor.stop();

    // The inspector's adapter serializes each event once more before posting it: that changes nothing.
    const posted = sent.map((event) => options.serialize(event));
    expect(posted).toEqual(sent);
    const text = JSON.stringify(posted);
    for (const secret of ["ana@example.com", '"Ana"', "Díaz", "Ana's Salon", "555-1234", "Main St", "KEY-5569", "/c/pay/", "a1B2c3D4"]) expect(text, secret).not.toContain(secret);
    // What the inspector is for stays: the machine, its states and events, the ZIP and the dates.
    const types = new Set(posted.map((event) => event.type));
    expect([...types].sort()).toEqual(["@xstate.actor", "@xstate.event", "@xstate.snapshot"]);
    expect(text).toContain('"saveCheckout"');
    expect(text).toContain('"createCheckout"');
    expect(text).toContain("xstate.done.actor.createCheckout");
    expect(text).toContain('"33131"');
    expect(text).toContain('"2030-01-09"');
    const signupSnapshots = posted.filter((event) => event.type === "@xstate.snapshot" && event.sessionId === actor.sessionId) as { snapshot: { value: unknown; context: { form: Record<string, unknown> } } }[];
    expect(signupSnapshots.at(-1)?.snapshot).toMatchObject({ value: { step6: { checkout: "redirecting" } }, context: { form: { firstName: "Axx", lastName: "Dxxx" } } });
  });
});
