// Support reproduces a flow: a real sign-up recorded with ?support, its log exported (masked), imported
// and replayed against fake actors to the same state, step by step or to the end.
import { readFileSync } from "node:fs";
import { test, expect, expectNoAxeViolations, useLanguage } from "./fixtures";
import { a, isoDay, uniqueSignupEmail, wizard } from "./models/signup-driver";

test("a recorded sign-up's log replays to the same state, with e-mail, phone, street address, unit and gate code masked", async ({ page }) => {
  test.slow(); // a whole sign-up, an axe scan, export, import and replay: timed out at 30 s at load 15 to 20
  await useLanguage(page, "en");
  await page.goto("/signup?support");
  const panel = page.getByRole("complementary", { name: "Support panel" });
  await expect(panel).toBeVisible();
  const w = wizard(page, "en");
  const email = uniqueSignupEmail("support");
  await w.fillPersonal({ email });
  await expect(w.emailStatus).toHaveText(w.t("This e-mail address is ready to use."));
  await expect(w.areaStatus).toHaveText(w.t("Good news: we serve your area."));
  await w.continueButton.click();
  await w.answerPreferences();
  await w.pickDays(isoDay(8), [isoDay(9), isoDay(11)]);
  // An apartment's unit first (the visitor then changes their mind: the form keeps what was typed), then the
  // house's ways in, none of which support may receive.
  await page.getByText(w.t("Apartment / Condo"), { exact: true }).click();
  await page.getByRole("textbox", { name: w.t("Unit number") }).pressSequentially("Apt 12B");
  await page.getByText(w.t("House"), { exact: true }).click();
  await page.getByRole("textbox", { name: w.t("Gate code") }).fill("4821#");
  await page.getByRole("textbox", { name: w.t("Other instructions") }).fill("Key under the mat, alarm 9931");
  await w.continueButton.click();
  await w.expectStep(6);

  // The panel (folded until opened) shows the running machine, its state and masked context.
  await panel.getByRole("button", { name: "Show" }).click();
  await expect(panel.getByTestId("support-summary-signup")).toHaveText("Sign-up: step 6 — reviewing the summary before paying");
  await expect(panel.getByTestId("support-state-signup")).toContainText("review");
  await expect(panel).not.toContainText(email);
  await expect(panel).not.toContainText("801 Brickell");
  await expect(panel).toContainText("800 Bxxxxxxx Axxxxx");
  await expect(panel).not.toContainText("12B");
  await expect(panel).toContainText('"unit": "xxx 00x"');
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Export log" }).click()]);
  const file = await download.path();
  const text = readFileSync(file, "utf8");
  expect(text).not.toContain(email);
  expect(text).not.toContain("5550142");
  expect(text).not.toContain("Brickell Avenue");
  expect(text).not.toContain("4821");
  expect(text).not.toContain("9931");
  expect(text).not.toContain("under the mat");
  expect(text).not.toContain("12B");
  expect(text).toContain('"gateCode": "0000*"');
  expect(text).toContain('"unit": "xxx 00x"');
  const log = JSON.parse(text);
  expect(log.format).toBe("freshfold-support-log");
  const signupSession = log.sessions.find((s: { machineId: string }) => s.machineId === "signup");
  expect(signupSession).toBeTruthy();

  // Import the same file and replay it.
  await panel.getByLabel("Support log file (JSON)").setInputFiles(file);
  await panel.getByLabel("Machine to replay").selectOption({ value: signupSession.sessionId });
  const total = log.events.filter((e: { sessionId: string }) => e.sessionId === signupSession.sessionId).length;
  await expect(panel.getByText(`Event 0 of ${total}`)).toBeVisible();
  const replayedSteps = panel.getByRole("list", { name: "Replayed steps" });
  await expect(replayedSteps.getByRole("listitem")).toHaveText(["Sign-up: step 1 — ZIP not checked yet; e-mail not checked yet"]);
  await panel.getByRole("button", { name: "Step" }).click();
  await expect(panel.getByText(`Event 1 of ${total}`)).toBeVisible();
  await panel.getByRole("button", { name: "Play to the end" }).click();
  await expect(panel.getByText(`Event ${total} of ${total}`)).toBeVisible();
  // The replay reads as the visitor's way through the wizard, one plain line per change, in step order.
  const lines = await replayedSteps.getByRole("listitem").allInnerTexts();
  expect(lines).toContain("Sign-up: step 1 — ZIP 33131 served; e-mail check passed");
  expect(lines).toContain("Sign-up: step 2 — detergent: scented");
  expect(lines).toContain("Sign-up: step 3 — without fabric softener");
  expect(lines).toContain(`Sign-up: step 4 — start date ${isoDay(8)}, 2 of 2 pickup days picked`);
  expect(lines).toContain("Sign-up: step 5 — building: house");
  const steps = lines.map((line) => Number(/step (\d)/.exec(line)?.[1]));
  expect(steps).toEqual([...steps].sort());
  await expect(panel.getByTestId("support-replay-summary")).toHaveText("Sign-up: step 6 — reviewing the summary before paying");
  await expect(panel.getByRole("status")).toHaveText("The replay reached the recorded state.");
  await expect(panel.getByTestId("support-replay-state")).toHaveText(await panel.getByTestId("support-recorded-state").innerText());
  await expect(panel.getByTestId("support-replay-state")).toContainText("review");
});

test("a contact message typed with ?support: the panel and the exported log show its shape, never its words, name or e-mail", async ({ page }) => {
  await useLanguage(page, "en");
  await page.goto("/contact?support");
  const panel = page.getByRole("complementary", { name: "Support panel" });
  await expect(panel).toBeVisible();
  const form = page.getByRole("tabpanel");
  await form.getByRole("textbox", { name: "Your name" }).fill("Marta Ruiz");
  await form.getByRole("textbox", { name: "Business name" }).fill("Ruiz Dental");
  // A key at a time, as a visitor types: no half-typed address may show either.
  await form.getByRole("textbox", { name: "Email" }).pressSequentially("marta.ruiz@example.com");
  await form.getByRole("textbox", { name: "Message" }).pressSequentially("Pickups at 4B, code 7731");

  await panel.getByRole("button", { name: "Show" }).click();
  await expect(panel.getByTestId("support-summary-contactForm")).toHaveText("Contact form: being filled in");
  await expect(panel).toContainText('"message": "xxxxxxx xx 0x* xxxx 0000"');
  for (const secret of ["Pickups", "7731", "Marta", "Ruiz", "marta.ruiz", "example.com"]) await expect(panel).not.toContainText(secret);

  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Export log" }).click()]);
  const text = readFileSync(await download.path(), "utf8");
  for (const secret of ["Pickups", "4B", "7731", "Marta", "Ruiz", "marta", "example"]) expect(text, secret).not.toContain(secret);
  expect(text).not.toMatch(/"value": "(ma|Pi)/);
  const log = JSON.parse(text);
  const edits = log.events.filter((e: { event: { type: string; field?: string } }) => e.event.type === "field.changed" && e.event.field === "email");
  expect(edits.length).toBe("marta.ruiz@example.com".length);
  expect(edits.at(-1).event.value).toBe("m***@e***.com");
});

test("support is off by default and ?support=off ends it for the tab", async ({ page }) => {
  await page.goto("/faq");
  await expect(page.getByRole("complementary", { name: "Support panel" })).toHaveCount(0);
  await page.goto("/faq?support");
  await expect(page.getByRole("complementary", { name: "Support panel" })).toBeVisible();
  await page.goto("/pricing");
  await expect(page.getByRole("complementary", { name: "Support panel" })).toBeVisible();
  await page.goto("/pricing?support=off");
  await expect(page.getByRole("complementary", { name: "Support panel" })).toHaveCount(0);
});

test("the support panel's plain line follows a Spanish sign-up's checks as they answer", async ({ page }) => {
  await useLanguage(page, "es");
  await page.goto("/es/signup?support");
  const panel = page.getByRole("complementary", { name: "Panel de soporte" });
  await panel.getByRole("button", { name: "Mostrar" }).click();
  const w = wizard(page, "es");
  await w.fillPersonal({ email: uniqueSignupEmail("support-es"), zip: "90210" });
  await expect(panel.getByTestId("support-summary-signup")).toHaveText(
    "Inscripción: paso 1 — el ZIP 90210 no tiene servicio; el correo pasó la verificación",
  );
  await page.getByRole("textbox", { name: a("ZIP code", "es") }).fill("33131");
  await expect(panel.getByTestId("support-summary-signup")).toHaveText(
    "Inscripción: paso 1 — el ZIP 33131 tiene servicio; el correo pasó la verificación",
  );
  await expectNoAxeViolations(page);
});
