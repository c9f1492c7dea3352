import { describe, expect, it, vi } from "vitest";
import { assign, createActor, fromPromise, setup, waitFor } from "xstate";
import { paymentProviderOrigins } from "#domain/redirects";
import { emailToCheck } from "#domain/signup-form";
import { addressAutocompleteMachine } from "#machines/address-autocomplete.machine";
import { contactFormMachine } from "#machines/contact-form.machine";
import { newsletterMachine } from "#machines/newsletter.machine";
import { paymentSuccessMachine } from "#machines/payment-success.machine";
import { portalRedirectMachine } from "#machines/portal-redirect.machine";
import { signupMachine } from "#machines/signup.machine";
import { zipCheckMachine } from "#machines/zip-check.machine";
import { maskEmail, maskName, maskPersonalData, maskPhone, maskStreet } from "../../src/inspection/masking";
import { SupportRecorder, type SupportLog } from "../../src/inspection/recorder";
import { validSignupForm } from "../fixtures/signup-form";
import { createReplay, describeStateValue, sameStateValue } from "../../src/support/replay";

describe("masking personal data", () => {
  it("masks street addresses like e-mails, keeping the ZIP and city a support agent needs", () => {
    expect(maskStreet("1200 Brickell Ave")).toBe("1000 Bxxxxxxx Axx");
    const masked = maskPersonalData({
      form: { address: { street: "1200 Brickell Ave", zip: "33131", city: "Miami" } },
      suggestions: [{ id: "p1", text: "1200 Brickell Ave, Miami, FL, USA", mainText: "1200 Brickell Ave" }],
      query: "1200 Bri",
      selected: { formatted_address: "1200 Brickell Ave, Miami, FL 33131, USA" },
    });
    expect(masked).toEqual({
      form: { address: { street: "1000 Bxxxxxxx Axx", zip: "33131", city: "Miami" } },
      suggestions: [{ id: "p1", text: "1000 Bxxxxxxx Axx, Mxxxx, Fx, Uxx", mainText: "1000 Bxxxxxxx Axx" }],
      query: "1000 Bxx",
      selected: { formatted_address: "1000 Bxxxxxxx Axx, Mxxxx, Fx 30000, Uxx" },
    });
    expect(JSON.stringify(masked)).not.toContain("Brickell");
    expect(maskPersonalData({ type: "input.changed", value: "801 Brickell Avenue" })).toEqual({ type: "input.changed", value: "800 Bxxxxxxx Axxxxx" });
  });

  it("masks e-mail addresses keeping their shape", () => {
    expect(maskEmail("jane.doe@example.com")).toBe("j***@e***.com");
    expect(maskEmail("write to ana@mail.co.uk today")).toBe("write to a***@m***.co.uk today");
  });
  it("masks phone numbers keeping the format and the last four digits", () => {
    expect(maskPhone("(305) 555-0142")).toBe("(000) 000-0142");
    expect(maskPersonalData({ phoneNumber: "3055550142", name: "Ana", nested: { email: "a@b.co" } })).toEqual({
      phoneNumber: "0000000142",
      name: "Axx",
      nested: { email: "a***@b***.co" },
    });
  });
});

const checkout = setup({
  types: { context: {} as { email: string; tries: number }, events: {} as { type: "email.changed"; value: string } | { type: "submit" } },
  actors: { send: fromPromise(async ({ input }: { input: { email: string } }) => input.email.length) },
}).createMachine({
  id: "demo-checkout",
  initial: "editing",
  context: { email: "", tries: 0 },
  states: {
    editing: {
      on: {
        "email.changed": { actions: assign({ email: ({ event }) => event.value }) },
        submit: { target: "sending", actions: assign({ tries: ({ context }) => context.tries + 1 }) },
      },
    },
    sending: {
      invoke: { id: "send", src: "send", input: ({ context }) => ({ email: context.email }), onDone: "sent", onError: "editing" },
    },
    sent: { after: { 1000: "done" } },
    done: { type: "final" },
  },
});

describe("support recording and replay", () => {
  it("records a real run, masked, and a replay against fake actors reaches the same state", async () => {
    vi.useFakeTimers();
    const recorder = new SupportRecorder();
    const actor = createActor(checkout, { inspect: recorder.observe }).start();
    actor.send({ type: "email.changed", value: "jane@example.com" });
    actor.send({ type: "submit" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("sent");
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe("done");
    vi.useRealTimers();

    const log = JSON.parse(JSON.stringify(recorder.toLog("/demo")));
    expect(JSON.stringify(log)).not.toContain("jane@example.com");
    const session = log.sessions.find((s: { machineId: string }) => s.machineId === "demo-checkout");
    expect(session.value).toBe("done");
    const types = log.events.filter((e: { sessionId: string }) => e.sessionId === session.sessionId).map((e: { event: { type: string } }) => e.event.type);
    expect(types).toEqual(["email.changed", "submit", "xstate.done.actor.send", "xstate.after.1000.demo-checkout.sent"]);

    const replay = createReplay(checkout, session, log.events);
    expect(replay.total).toBe(4);
    expect(replay.value()).toBe("editing");
    replay.step();
    replay.step();
    expect(replay.value()).toBe("sending");
    replay.toEnd();
    expect(sameStateValue(replay.value(), session.value)).toBe(true);
    expect(replay.context()).toMatchObject({ email: "j***@e***.com", tries: 1 });
  });

  it("describes nested state values as dotted paths", () => {
    expect(describeStateValue({ step1: { email: "free", area: "checking" } })).toEqual(["step1.email.free", "step1.area.checking"]);
    expect(sameStateValue({ a: "x", b: "y" }, { b: "y", a: "x" })).toBe(true);
  });
});

// What a support log must never carry: the proofs and live links that open a customer's billing portal or
// checkout, and the codes that open their home. Each is recorded by the real machine, as on the site.
const WELCOME_TOKEN = "w.aB3dE5fG7hI9jK1l.Mn0pQrStUvWxYz12345678.c2VjcmV0X2NpcGhlcnRleHQ";
const SIGN_IN_TOKEN = "s.Q2hhbmdlTWVJbW1lZGlhdGVseV9zaWduX2luX3Rva2Vu";
const PORTAL_URL = "https://billing.stripe.com/p/session/test_YWNjdF8xUG9ydGFsU2VjcmV0";
const SANDBOX_PORTAL_URL = "https://freshfold.test/sandbox/portal/bps_sandbox_Zm9vYmFyYmF6cXV4";
const CHECKOUT_SESSION = "cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ";
const CHECKOUT_URL = `https://checkout.stripe.com/c/pay/${CHECKOUT_SESSION}#fidkdWxOYHwnPyd1blpxYHZxWjA0`;
const GATE_CODE = "4821#";
const CALL_BOX_CODE = "Call 2207";
const ACCESS_CODE = "KEY-5569";
const OTHER = "Key under the mat, alarm 9931";

const exported = (recorder: SupportRecorder, page = "/") => JSON.stringify(recorder.toLog(page));
const sessionOf = (recorder: SupportRecorder, machineId: string) => {
  const log = JSON.parse(exported(recorder)) as SupportLog;
  return { log, session: log.sessions.find((s) => s.machineId === machineId)! };
};
// The calls, typed loosely: these tests record what the machines do, not their calls' shapes.
const answers = (output: unknown) => fromPromise(async () => output) as never;
const neverAnswers = fromPromise(() => new Promise<never>(() => {})) as never;

describe("the support log carries no portal or checkout proof, live link or access code", () => {
  it("a portal redirect with a welcome token, offline then retried: neither the token nor the portal link is exported", async () => {
    // The offline request is logged by the machine (and again by its replay): expected here.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const recorder = new SupportRecorder();
    let online = false;
    const actor = createActor(
      portalRedirectMachine.provide({
        actors: {
          requestPortal: fromPromise(async () => {
            if (!online) throw new TypeError("Failed to fetch");
            return PORTAL_URL;
          }) as never,
          redirect: neverAnswers,
        },
      }),
      { input: { email: "", token: WELCOME_TOKEN, ownOrigin: "https://freshfold.test", providerOrigins: paymentProviderOrigins }, inspect: recorder.observe },
    ).start();
    await waitFor(actor, (s) => s.matches("failed"));
    const whileFailed = exported(recorder, `/?token=${WELCOME_TOKEN}&support`);
    expect(whileFailed).not.toContain(WELCOME_TOKEN.slice(2));
    online = true;
    actor.send({ type: "portal.retry" });
    await waitFor(actor, (s) => s.matches("redirecting"));

    const text = exported(recorder);
    for (const secret of [WELCOME_TOKEN.slice(2), "aB3dE5fG7hI9jK1l", "/p/session/", "test_YWNjdF8x"]) expect(text).not.toContain(secret);
    const { log, session } = sessionOf(recorder, "portalRedirect");
    // What support needs stays: the kind of token, where the link went, the states and the events.
    expect(session.context).toMatchObject({ token: "w.***", link: "https://billing.stripe.com/***", error: null, ownOrigin: "https://freshfold.test" });
    expect(session.value).toBe("redirecting");
    const types = log.events.filter((e) => e.sessionId === session.sessionId).map((e) => e.event.type);
    expect(types).toEqual(["xstate.error.actor.requestPortal", "portal.retry", "xstate.done.actor.requestPortal"]);
    // The masked link is still one the machine accepts, so the replay reaches the recorded state.
    const replay = createReplay(portalRedirectMachine, session, log.events);
    replay.toEnd();
    expect(sameStateValue(replay.value(), session.value)).toBe(true);
    actor.stop();
    warn.mockRestore();
  });

  it("a sign-in token and a sandbox portal link are masked too, keeping their kind and origin", async () => {
    const recorder = new SupportRecorder();
    const actor = createActor(
      portalRedirectMachine.provide({ actors: { requestPortal: answers(SANDBOX_PORTAL_URL), redirect: neverAnswers } }),
      { input: { email: "ana@example.com", token: SIGN_IN_TOKEN, ownOrigin: "https://freshfold.test", providerOrigins: paymentProviderOrigins }, inspect: recorder.observe },
    ).start();
    await waitFor(actor, (s) => s.matches("redirecting"));
    const text = exported(recorder);
    for (const secret of [SIGN_IN_TOKEN.slice(2), "bps_sandbox_Zm9v", "ana@example.com"]) expect(text).not.toContain(secret);
    expect(sessionOf(recorder, "portalRedirect").session.context).toMatchObject({ token: "s.***", link: "https://freshfold.test/sandbox/portal/***" });
    actor.stop();
  });

  it("the payment-success page's portal link and checkout session id are masked; dates and states stay", async () => {
    const recorder = new SupportRecorder();
    const done = answers({ ok: true });
    const actor = createActor(
      paymentSuccessMachine.provide({
        actors: {
          claimRun: answers(true),
          createOrder: done,
          setActive: done,
          sendWelcomeEmail: done,
          trackConversion: done,
          requestPortal: answers(PORTAL_URL),
          openPortal: neverAnswers,
        },
      }),
      {
        input: {
          client: { email: "ana@example.com", pickupone: "2030-01-09", pickuptwo: "2030-01-12" },
          sessionId: CHECKOUT_SESSION,
          trackerPresent: true,
          ownOrigin: "https://freshfold.test",
          providerOrigins: paymentProviderOrigins,
        },
        inspect: recorder.observe,
      },
    ).start();
    await waitFor(actor, (s) => s.matches({ sequence: "finished", portal: "ready" }));
    expect(actor.getSnapshot().context.portalLink).toBe(PORTAL_URL);

    const text = exported(recorder, `/payment-success?session_id=${CHECKOUT_SESSION}`);
    for (const secret of [CHECKOUT_SESSION, "a1B2c3D4e5F6", "/p/session/", "test_YWNjdF8x", "ana@example.com"]) expect(text).not.toContain(secret);
    const { log, session } = sessionOf(recorder, "paymentSuccess");
    expect(session.context).toMatchObject({ portalLink: "https://billing.stripe.com/***", sessionId: "cs_test_***", portalAnswered: true });
    expect(session.context).toMatchObject({ client: { pickupone: "2030-01-09", pickuptwo: "2030-01-12" }, providerOrigins: [...paymentProviderOrigins] });
    expect(log.events.map((e) => e.event.type)).toContain("xstate.done.actor.trackConversion");
    expect(recorder.toLog(`/payment-success?session_id=${CHECKOUT_SESSION}`).page).toBe("/payment-success?session_id=cs_test_***");
    actor.stop();
  });

  it("a sign-up's building access codes, unit, opening hours and the checkout link are masked; the ZIP, detergent, dates and steps stay", async () => {
    const recorder = new SupportRecorder();
    const actor = createActor(
      signupMachine.provide({
        actors: {
          checkEmail: neverAnswers,
          checkServiceArea: neverAnswers,
          loadAvailability: neverAnswers,
          saveCheckout: answers(undefined),
          createCheckout: answers(CHECKOUT_URL),
          redirect: neverAnswers,
        },
      }),
      { input: { language: "en", today: "2030-01-07", origin: "https://freshfold.test", form: validSignupForm({ buildingType: "apartment" }), restoreStep: 5 }, inspect: recorder.observe },
    ).start();
    actor.send({ type: "building.changed", field: "unit", value: "Apt 12B" });
    actor.send({ type: "building.changed", field: "gateCode", value: GATE_CODE });
    actor.send({ type: "building.changed", field: "callBoxCode", value: CALL_BOX_CODE });
    actor.send({ type: "building.changed", field: "other", value: OTHER });
    actor.send({ type: "building.type.changed", value: "business" });
    actor.send({ type: "building.changed", field: "businessName", value: "Ana's Salon" });
    actor.send({ type: "building.changed", field: "accessCode", value: ACCESS_CODE });
    actor.send({ type: "building.changed", field: "openingHours", value: "Mon-Fri 7:45am" });
    actor.send({ type: "building.changed", field: "closingHours", value: "6:15pm" });
    actor.send({ type: "step.next" });
    actor.send({ type: "step.next" });
    await waitFor(actor, (s) => s.matches({ step6: { checkout: "redirecting" } }));

    const text = exported(recorder, "/signup?support");
    for (const secret of [GATE_CODE, "4821", CALL_BOX_CODE, "2207", ACCESS_CODE, "5569", "9931", "under the mat", CHECKOUT_SESSION, "/c/pay/", "fidkdWxO", "Salon", "Díaz", "12B", "Mon-Fri", "7:45", "6:15"]) {
      expect(text, secret).not.toContain(secret);
    }
    const { log, session } = sessionOf(recorder, "signup");
    const form = (session.context as { form: Record<string, unknown> }).form;
    expect(form).toMatchObject({ detergent: "hypoallergenic", fabricSoftener: true, startDate: "2030-01-08", buildingType: "business", address: { zip: "33131", city: "Miami" } });
    expect(form.building).toMatchObject({
      gateCode: "0000*",
      callBoxCode: "xxxx 0000",
      accessCode: "xxx*0000",
      unit: "xxx 00x",
      businessName: "Axx*x Sxxxx",
      openingHours: "xxx*xxx 0*00xx",
      closingHours: "0*00xx",
    });
    expect((session.context as { checkoutUrl: string }).checkoutUrl).toBe("https://checkout.stripe.com/***");
    const edits = log.events.filter((e) => e.event.type === "building.changed").map((e) => [e.event.field, e.event.value]);
    expect(edits).toEqual([
      ["unit", "xxx 00x"],
      ["gateCode", "0000*"],
      ["callBoxCode", "xxxx 0000"],
      ["other", "xxx xxxxx xxx xxx* xxxxx 0000"],
      ["businessName", "Axx*x Sxxxx"],
      ["accessCode", "xxx*0000"],
      ["openingHours", "xxx*xxx 0*00xx"],
      ["closingHours", "0*00xx"],
    ]);
    // The replay still ends where the visitor did: on the way to the (masked) checkout page.
    const replay = createReplay(signupMachine, session, log.events);
    replay.toEnd();
    expect(sameStateValue(replay.value(), session.value)).toBe(true);
    actor.stop();
  });

  it("the exported page address keeps its path and harmless parameters, masking e-mail, token, session and checkout", () => {
    const recorder = new SupportRecorder();
    const page = `/es/?email=jane.doe%40example.com&token=${WELCOME_TOKEN}&support&zip=33131`;
    const text = exported(recorder, page);
    for (const secret of ["jane.doe", "example.com", WELCOME_TOKEN.slice(2)]) expect(text).not.toContain(secret);
    expect(recorder.toLog(page).page).toBe("/es/?email=j***@e***.com&token=w.***&support&zip=33131");
    expect(recorder.toLog(`/?token=${SIGN_IN_TOKEN}`).page).toBe("/?token=s.***");
    expect(recorder.toLog("/payment-canceled?checkout=0123456789abcdef0123456789abcdef").page).toBe("/payment-canceled?checkout=***");
    expect(recorder.toLog("/signup?resume=1&payment=canceled").page).toBe("/signup?resume=1&payment=canceled");
  });

  it("masks the secrets by key and by value wherever they sit", () => {
    expect(
      maskPersonalData({
        token: "w.1.sig",
        sessionToken: "abc123",
        portal_url: "https://billing.stripe.com/p/session/x",
        checkoutUrl: "https://freshfold.test/sandbox/checkout/cs_sandbox_abc?x=1",
        checkout: "0123456789abcdef",
        empty: { token: "", link: null, checkoutUrl: "" },
        note: `sent ${PORTAL_URL} and ${SIGN_IN_TOKEN} for ${CHECKOUT_SESSION}`,
        runKey: `ana@example.com|2030-01-09|2030-01-12|${CHECKOUT_SESSION}`,
        step: 5,
        zip: "33131",
      }),
    ).toEqual({
      token: "w.***",
      sessionToken: "***",
      portal_url: "https://billing.stripe.com/***",
      checkoutUrl: "https://freshfold.test/sandbox/checkout/***",
      checkout: "***",
      empty: { token: "", link: null, checkoutUrl: "" },
      note: "sent https://billing.stripe.com/*** and s.*** for cs_test_***",
      runKey: "a***@e***.com|2030-01-09|2030-01-12|cs_test_***",
      step: 5,
      zip: "33131",
    });
  });
});

// Names (the visitor's, the contact's, an apartment building's, a business's) and the site's maps key, under the
// keys the real code gives them: src/domain/signup-form.ts (firstName, lastName, buildingName, businessName),
// src/contract/client.ts (name, surname), machines/contact-form.machine.ts (name, businessName) and
// machines/address-autocomplete.machine.ts (apiKey).
const MAPS_KEY = "AIzaSyD4aB3dE5fG7hI9jK1lMn0pQrStUvWxYz1";

describe("the support log carries no personal, building or business name, nor the maps key", () => {
  it("masks names by key, keeping each word's first letter and length; error names and message keys stay", () => {
    expect(maskName("Ana María")).toBe("Axx Mxxxx");
    const masked = maskPersonalData({
      form: { firstName: "Ana María", lastName: "Díaz-Ortega", building: { buildingName: "Brickell Tower 2", businessName: "Ana's Salon", unit: "12B" }, address: { zip: "33131", city: "Miami" } },
      values: { name: "José Pérez", businessName: "Clean Co", message: "Hello" },
      client: { name: "Ana", surname: "Díaz", pickupone: "2030-01-09" },
      apiKey: MAPS_KEY,
      noKey: { apiKey: null },
      // What the form shows: field → message key; and a failed call's error, whose name is its class.
      errors: { firstName: "firstNameMin", name: "nameRequired", businessName: "businessNameRequired" },
      error: { name: "ApiRequestError", status: 422, code: "invalid_body", fields: { name: "nameRequired", surname: "lastNameMin" } },
    });
    expect(masked).toEqual({
      form: { firstName: "Axx Mxxxx", lastName: "Dxxx*xxxxxx", building: { buildingName: "Bxxxxxxx Txxxx 2", businessName: "Axx*x Sxxxx", unit: "00x" }, address: { zip: "33131", city: "Miami" } },
      values: { name: "Jxxx Pxxxx", businessName: "Cxxxx Cx", message: "xxxxx" },
      client: { name: "Axx", surname: "Dxxx", pickupone: "2030-01-09" },
      apiKey: "***",
      noKey: { apiKey: null },
      errors: { firstName: "firstNameMin", name: "nameRequired", businessName: "businessNameRequired" },
      error: { name: "ApiRequestError", status: 422, code: "invalid_body", fields: { name: "nameRequired", surname: "lastNameMin" } },
    });
    expect(JSON.stringify(masked)).not.toMatch(/María|Díaz|Ortega|Brickell|Salon|José|Pérez|Clean|AIza/);
  });

  it("masks a name's value in the edits that name their field", () => {
    const edits = [
      { type: "field.changed", field: "firstName", value: "Ana María" },
      { type: "field.changed", field: "lastName", value: "Díaz" },
      { type: "building.changed", field: "buildingName", value: "Brickell Tower" },
      { type: "building.changed", field: "businessName", value: "Ana's Salon" },
      { type: "field.changed", field: "name", value: "José Pérez" },
      { type: "field.changed", field: "businessName", value: "Clean Co" },
    ];
    expect(edits.map((edit) => (maskPersonalData(edit) as { value: string }).value)).toEqual(["Axx Mxxxx", "Dxxx", "Bxxxxxxx Txxxx", "Axx*x Sxxxx", "Jxxx Pxxxx", "Cxxxx Cx"]);
    // What a replay needs stays: the field named, and the other fields' values.
    expect(maskPersonalData({ type: "field.changed", field: "name", value: "" })).toEqual({ type: "field.changed", field: "name", value: "" });
    expect(maskPersonalData({ type: "zip.changed", value: "33131" })).toEqual({ type: "zip.changed", value: "33131" });
  });

  it("masking twice changes nothing more (the Stately inspector's serializer may run twice on one event)", () => {
    const once = maskPersonalData({ token: WELCOME_TOKEN, other: SIGN_IN_TOKEN, firstName: "Ana María", apiKey: MAPS_KEY, phone: "(305) 555-0142", email: "ana@example.com", link: PORTAL_URL, sessionId: CHECKOUT_SESSION, gateCode: GATE_CODE });
    expect(maskPersonalData(once)).toEqual(once);
    // The visitor's own words and the building's details, an e-mail typed halfway and the house number too.
    const typed = maskPersonalData({
      values: { name: "José Pérez", email: "jose.perez@clean", phone: "305", message: "Weekly pickups? Call 305-555-0142 or jose@cleanco.example" },
      building: { unit: "Apt 12B", openingHours: "Mon-Fri 7:45am", closingHours: "6:15pm", other: "Ring twice" },
      address: { street: "1200 Brickell Ave", number: 1200 },
      events: [{ type: "email.changed", value: "ana.mar" }, { type: "email.changed", value: "  Ana@Example.com " }, { type: "field.changed", field: "message", value: "Hola" }],
      errors: { message: "messageRequired" },
      message: "loadFailed",
    });
    expect(maskPersonalData(typed)).toEqual(typed);
    expect(maskPersonalData(JSON.parse(JSON.stringify(typed)))).toEqual(typed);
  });

  it("a sign-up's step 1 typed by the visitor: the names are masked and the replay still passes step 1", async () => {
    const recorder = new SupportRecorder();
    const actor = createActor(
      signupMachine.provide({
        actors: { checkEmail: answers({ exists: false }), checkServiceArea: answers({ available: true }), loadAvailability: neverAnswers, saveCheckout: neverAnswers, createCheckout: neverAnswers, redirect: neverAnswers },
      }),
      { input: { language: "es", today: "2030-01-07", origin: "https://freshfold.test" }, inspect: recorder.observe },
    ).start();
    actor.send({ type: "field.changed", field: "firstName", value: "Ana María" });
    actor.send({ type: "field.changed", field: "lastName", value: "Díaz" });
    actor.send({ type: "field.changed", field: "phone", value: "(305) 555-0142" });
    actor.send({ type: "email.changed", value: "ana.maria@example.com" });
    actor.send({ type: "address.changed", address: { street: "100 Main St", number: 100, zip: "33131", city: "Miami", state: "FL", country: "USA", formatted_address: "" } });
    actor.send({ type: "consent.changed", value: true });
    actor.send({ type: "terms.changed", value: true });
    await waitFor(actor, (s) => s.matches({ step1: { email: "free", area: "available" } }));
    actor.send({ type: "step.next" });
    await waitFor(actor, (s) => s.matches("step2"));

    const text = exported(recorder, "/es/signup?support");
    for (const secret of ["Ana María", "María", "Díaz"]) expect(text, secret).not.toContain(secret);
    const { log, session } = sessionOf(recorder, "signup");
    expect((session.context as { form: Record<string, unknown> }).form).toMatchObject({ firstName: "Axx Mxxxx", lastName: "Dxxx", address: { zip: "33131", city: "Miami" } });
    const edits = log.events.filter((e) => e.event.type === "field.changed").map((e) => [e.event.field, e.event.value]);
    expect(edits).toEqual([["firstName", "Axx Mxxxx"], ["lastName", "Dxxx"], ["phone", "(000) 000-0142"]]);
    // The masked names are still names the step accepts (two letters or more): the replay reaches step 2 too.
    const replay = createReplay(signupMachine, session, log.events);
    replay.toEnd();
    expect(sameStateValue(replay.value(), session.value)).toBe(true);
    actor.stop();
  });

  it("a commercial contact message: the names and the message are masked and the replay still sends", async () => {
    const recorder = new SupportRecorder();
    const actor = createActor(contactFormMachine.provide({ actors: { sendContactForm: answers({ ok: true }) } }), { input: {}, inspect: recorder.observe }).start();
    actor.send({ type: "field.changed", field: "name", value: "José Pérez" });
    actor.send({ type: "field.changed", field: "businessName", value: "Clean Co" });
    actor.send({ type: "field.changed", field: "email", value: "jose@cleanco.example" });
    actor.send({ type: "field.changed", field: "message", value: "Weekly pickups? Call me at home, 12 Ocean Dr." });
    actor.send({ type: "submit" });
    await waitFor(actor, (s) => s.matches({ form: "sent" }));

    const text = exported(recorder);
    for (const secret of ["José", "Pérez", "Clean Co", "jose@", "Weekly", "Ocean"]) expect(text, secret).not.toContain(secret);
    const { log, session } = sessionOf(recorder, "contactForm");
    const edits = log.events.filter((e) => e.event.type === "field.changed").map((e) => [e.event.field, e.event.value]);
    expect(edits).toEqual([["name", "Jxxx Pxxxx"], ["businessName", "Cxxxx Cx"], ["email", "j***@c***.example"], ["message", "xxxxxx xxxxxxx* xxxx xx xx xxxx* 00 xxxxx xx*"]]);
    const replay = createReplay(contactFormMachine, session, log.events);
    replay.toEnd();
    expect(sameStateValue(replay.value(), session.value)).toBe(true);
    actor.stop();
  });

  it("the address autocomplete's maps key is masked and the replay still loads the maps library", async () => {
    const recorder = new SupportRecorder();
    const places = { suggest: async () => [], details: async () => ({}) };
    const actor = createActor(addressAutocompleteMachine.provide({ actors: { loadPlaces: answers(places) } }), { input: { apiKey: MAPS_KEY }, inspect: recorder.observe }).start();
    await waitFor(actor, (s) => s.matches("ready"));

    const text = exported(recorder);
    for (const secret of [MAPS_KEY, MAPS_KEY.slice(4)]) expect(text).not.toContain(secret);
    const { log, session } = sessionOf(recorder, "addressAutocomplete");
    expect(session.initial.context).toMatchObject({ apiKey: "***" });
    const replay = createReplay(addressAutocompleteMachine, session, log.events);
    replay.toEnd();
    expect(sameStateValue(replay.value(), session.value)).toBe(true);
    actor.stop();
  });
});

// What the visitor typed about themselves beyond names and addresses, under the keys the real code gives it:
// the contact form's message (machines/contact-form.machine.ts), step 5's unit and business hours
// (src/domain/signup-form.ts buildingFields), and the e-mail as it is being typed (the sign-up's, the contact
// form's, the newsletter's and the waitlist's), which the whole-address pattern does not recognise yet.
describe("the support log carries no typed message, unit, business hours or half-typed e-mail", () => {
  it("masks the contact message, the unit and the business hours by key, keeping each character's kind and the length", () => {
    const masked = maskPersonalData({
      type: "commercial",
      values: { name: "", businessName: "", email: "", phone: "", message: "Hi! I live in Kendall, 8th floor." },
      building: { unit: "Apt 12B", openingHours: "Mon-Fri 7:45am", closingHours: "6:15pm", buildingName: "" },
    });
    expect(masked).toEqual({
      type: "commercial",
      values: { name: "", businessName: "", email: "", phone: "", message: "xx* x xxxx xx xxxxxxx* 0xx xxxxx*" },
      building: { unit: "xxx 00x", openingHours: "xxx*xxx 0*00xx", closingHours: "0*00xx", buildingName: "" },
    });
    // In the edits that name their field, in a restored draft, and in the call's input the inspector sees.
    expect(maskPersonalData({ type: "field.changed", field: "message", value: "Call me" })).toEqual({ type: "field.changed", field: "message", value: "xxxx xx" });
    expect(maskPersonalData({ type: "building.changed", field: "unit", value: "4C" })).toEqual({ type: "building.changed", field: "unit", value: "0x" });
    expect(maskPersonalData({ type: "building.changed", field: "openingHours", value: "9-5" })).toEqual({ type: "building.changed", field: "openingHours", value: "0*0" });
    expect(maskPersonalData({ type: "draft.restored", draft: { type: "residential", values: { message: "Hello there" } } })).toEqual({
      type: "draft.restored",
      draft: { type: "residential", values: { message: "xxxxx xxxxx" } },
    });
    expect(maskPersonalData({ type: "commercial", name: "Jo", email: "jo@x.co", message: "Pick up at 9" }, "input")).toEqual({ type: "commercial", name: "Jx", email: "j***@x***.co", message: "xxxx xx xx 0" });
    // Whether a field was left empty stays readable.
    expect(maskPersonalData({ type: "field.changed", field: "message", value: "" })).toEqual({ type: "field.changed", field: "message", value: "" });
  });

  it("keeps the message keys: the form's errors, a failed call's fields and the address suggestions' own message", () => {
    const kept = {
      errors: { message: "messageRequired", email: "emailInvalid" },
      error: { name: "ApiRequestError", status: 422, code: "invalid_body", fields: { message: "messageRequired" } },
      autocomplete: { message: "loadFailed", failures: 4 },
      lookup: { message: "detailsFailed" },
      none: { message: null },
    };
    expect(maskPersonalData(kept)).toEqual(kept);
  });

  it("masks an e-mail field as it is typed, before it looks like an address", () => {
    const typing = ["a", "an", "ana.m", "ana.maria@", "ana.maria@exa", "ana.maria@example", "ana.maria@example.c", "ana.maria@example.com"];
    const masked = typing.map((value) => (maskPersonalData({ type: "email.changed", value }) as { value: string }).value);
    expect(masked).toEqual(["a***", "a***", "a***", "a***@", "a***@e***", "a***@e***", "a***@e***.c", "a***@e***.com"]);
    // A whole address comes out as it always did (maskEmail), in every place an e-mail field sits.
    expect(maskPersonalData({ type: "field.changed", field: "email", value: "jose@cleanco" })).toEqual({ type: "field.changed", field: "email", value: "j***@c***" });
    expect(maskPersonalData({ form: { email: "ana" }, checked: { email: "ana@example.com", zip: "33131" }, client: { email: "Ana@Example.com" } })).toEqual({
      form: { email: "a***" },
      checked: { email: "a***@e***.com", zip: "33131" },
      client: { email: "A***@E***.com" },
    });
    expect(maskPersonalData({ email: "", zip: "" })).toEqual({ email: "", zip: "" });
    expect(maskPersonalData({ email: null })).toEqual({ email: null });
    // Masked, an address is valid exactly when the typed one was, so a replay's checks go the same way.
    for (const value of ["ana maria@example.com", "ana@ex ample.com", "ana@@example.com", "a@b@example.com", "ana@example", "ana@.com", "ana@..com", "Ana.Maria+laundry@mail.co.uk", "  ana@example.com  ", "ana@example.com and me"]) {
      const masked = maskPersonalData({ type: "email.changed", value }) as { value: string };
      expect(emailToCheck(masked.value) === null, value).toBe(emailToCheck(value) === null);
      expect(masked.value, value).not.toMatch(/na|ex|mail|laundry|me$/);
    }
  });

  it("masks the house number parsed from the street as the street's own is masked", () => {
    // Left whole, it would give away what the street's mask hides.
    expect(maskPersonalData({ street: "1200 Brickell Ave", number: 1200, zip: "33131" })).toEqual({ street: "1000 Bxxxxxxx Axx", number: 1000, zip: "33131" });
    expect(maskPersonalData({ type: "address.changed", address: { street: "", number: 0 } })).toEqual({ type: "address.changed", address: { street: "", number: 0 } });
  });

  it("a page address with ?email= not yet an address is masked too", () => {
    expect(new SupportRecorder().toLog("/billing-portal?email=ana.maria&support").page).toBe("/billing-portal?email=a***&support");
  });

  it("the newsletter's and the waitlist's e-mails, typed a key at a time, never show their first letters beyond one", async () => {
    const recorder = new SupportRecorder();
    const newsletter = createActor(newsletterMachine.provide({ actors: { subscribe: answers({ ok: true }) } }), { inspect: recorder.observe }).start();
    const waitlist = createActor(zipCheckMachine.provide({ actors: { checkArea: neverAnswers, joinWaitlist: neverAnswers } }), {
      input: { comingSoon: { zip: "33186", area: "Kendall" } },
      inspect: recorder.observe,
    }).start();
    const email = "maria.lopez@example.com";
    for (let i = 1; i <= email.length; i++) {
      newsletter.send({ type: "email.changed", value: email.slice(0, i) });
      waitlist.send({ type: "email.changed", value: email.slice(0, i) });
    }
    newsletter.send({ type: "email.changed", value: "maria.lopez@exa" });
    newsletter.send({ type: "submit", language: "en" });
    expect(newsletter.getSnapshot().value).toBe("invalid");

    const text = exported(recorder);
    for (const secret of ['"value":"ma', '"email":"ma', "lopez", "example"]) expect(text, secret).not.toContain(secret);
    expect(sessionOf(recorder, "newsletter").session.context).toEqual({ email: "m***@e***", error: "emailInvalid" });
    expect(sessionOf(recorder, "zipCheck").session.context).toMatchObject({ email: "m***@e***.com", zip: "33186" });
    const { log, session } = sessionOf(recorder, "newsletter");
    const replay = createReplay(newsletterMachine, session, log.events);
    replay.toEnd();
    expect(sameStateValue(replay.value(), session.value)).toBe(true);
    newsletter.stop();
    waitlist.stop();
  });

  it("an apartment's unit typed on step 5: masked, and the replay still passes step 5", async () => {
    const recorder = new SupportRecorder();
    const actor = createActor(
      signupMachine.provide({
        actors: { checkEmail: neverAnswers, checkServiceArea: neverAnswers, loadAvailability: neverAnswers, saveCheckout: neverAnswers, createCheckout: neverAnswers, redirect: neverAnswers },
      }),
      { input: { language: "en", today: "2030-01-07", origin: "https://freshfold.test", form: validSignupForm({ buildingType: "apartment" }), restoreStep: 5 }, inspect: recorder.observe },
    ).start();
    expect(actor.getSnapshot().matches("step5")).toBe(true);
    for (const value of ["1", "14", "14F"]) actor.send({ type: "building.changed", field: "unit", value });
    actor.send({ type: "step.next" });
    await waitFor(actor, (s) => s.matches("step6"));

    const { log, session } = sessionOf(recorder, "signup");
    expect(JSON.stringify(log)).not.toMatch(/"1"|"14"|"14F"/);
    expect((session.context as { form: { building: { unit: string } } }).form.building.unit).toBe("00x");
    const replay = createReplay(signupMachine, session, log.events);
    replay.toEnd();
    expect(sameStateValue(replay.value(), session.value)).toBe(true);
    actor.stop();
  });
});
