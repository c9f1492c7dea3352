// Support reproduces a flow: a real sign-up recorded with ?support, its log exported (masked), imported
// and replayed against fake actors to the same state, step by step or to the end.
import { readFileSync } from "node:fs";
import { test, expect, expectNoAxeViolations, useLanguage } from "./fixtures";
import { isoDay, uniqueSignupEmail, wizard } from "./models/signup-driver";

test("a recorded sign-up's log replays to the same state, with e-mail and phone masked", async ({ page }) => {
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
  await page.getByText(w.t("Scented"), { exact: true }).click();
  await w.continueButton.click();
  await page.getByText(w.t("No fabric softener"), { exact: true }).click();
  await w.continueButton.click();
  await w.chooseStartDate(isoDay(8));
  await w.day(isoDay(9)).click();
  await w.day(isoDay(11)).click();
  await w.continueButton.click();
  await page.getByText(w.t("House"), { exact: true }).click();
  await w.continueButton.click();
  await w.expectStep(6);

  // The panel (folded until opened) shows the running machine, its state and masked context.
  await panel.getByRole("button", { name: "Show" }).click();
  await expect(panel.getByTestId("support-state-signup")).toContainText("review");
  await expect(panel).not.toContainText(email);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Export log" }).click()]);
  const file = await download.path();
  const text = readFileSync(file, "utf8");
  expect(text).not.toContain(email);
  expect(text).not.toContain("5550142");
  const log = JSON.parse(text);
  expect(log.format).toBe("freshfold-support-log");
  const signupSession = log.sessions.find((s: { machineId: string }) => s.machineId === "signup");
  expect(signupSession).toBeTruthy();

  // Import the same file and replay it.
  await panel.getByLabel("Support log file (JSON)").setInputFiles(file);
  await panel.getByLabel("Machine to replay").selectOption({ value: signupSession.sessionId });
  const total = log.events.filter((e: { sessionId: string }) => e.sessionId === signupSession.sessionId).length;
  await expect(panel.getByText(`Event 0 of ${total}`)).toBeVisible();
  await panel.getByRole("button", { name: "Step" }).click();
  await expect(panel.getByText(`Event 1 of ${total}`)).toBeVisible();
  await panel.getByRole("button", { name: "Play to the end" }).click();
  await expect(panel.getByText(`Event ${total} of ${total}`)).toBeVisible();
  await expect(panel.getByRole("status")).toHaveText("The replay reached the recorded state.");
  await expect(panel.getByTestId("support-replay-state")).toHaveText(await panel.getByTestId("support-recorded-state").innerText());
  await expect(panel.getByTestId("support-replay-state")).toContainText("review");
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
