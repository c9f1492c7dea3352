// The contact form keeps what was typed in the tab until the message goes (src/contact/contact-draft.ts): a reload and
// the footer's language switch (a new page load) put it back, a sent message leaves nothing behind, and a message sent
// again after a reload mid-send keeps its key, so the team gets it once (decision 018).
import type { Page } from "@playwright/test";
import { test, expect, at, storeLanguageOnce, type Language } from "./fixtures";
import { tr } from "./checkout-helpers";

const other = (language: Language): Language => (language === "en" ? "es" : "en");
const switchTo = { en: "Switch language to Español", es: "Cambiar idioma a English" };

const typed = { name: "Marta Ruiz", email: "marta@example.com", phone: "(305) 555-0177", message: "¿Recogen los sábados en Kendall?" };

async function fillResidential(page: Page, language: Language) {
  const contact = (english: string) => tr("contact", english, language);
  const form = page.getByRole("tabpanel");
  // The tabs answer once the page has hydrated, when its fields are enabled.
  await expect(form.getByRole("textbox", { name: contact("Your name") })).toBeEnabled();
  await page.getByRole("tab", { name: contact("Residential") }).click();
  await expect(page.getByRole("tab", { name: contact("Residential") })).toHaveAttribute("aria-selected", "true");
  await form.getByRole("textbox", { name: contact("Your name") }).fill(typed.name);
  await form.getByRole("textbox", { name: contact("Email") }).fill(typed.email);
  await form.getByRole("textbox", { name: contact("Phone") }).fill(typed.phone);
  await form.getByRole("textbox", { name: contact("Message") }).fill(typed.message);
}

async function expectTyped(page: Page, language: Language, values: typeof typed | null) {
  const contact = (english: string) => tr("contact", english, language);
  const form = page.getByRole("tabpanel");
  await expect(page.getByRole("tab", { name: contact(values ? "Residential" : "Commercial") })).toHaveAttribute("aria-selected", "true");
  await expect(form.getByRole("textbox", { name: contact("Your name") })).toHaveValue(values?.name ?? "");
  await expect(form.getByRole("textbox", { name: contact("Email") })).toHaveValue(values?.email ?? "");
  await expect(form.getByRole("textbox", { name: contact("Message") })).toHaveValue(values?.message ?? "");
  if (values) await expect(form.getByRole("textbox", { name: contact("Phone") })).toHaveValue(values.phone);
}

for (const language of ["en", "es"] as const) {
  const contact = (english: string) => tr("contact", english, language);

  test(`in ${language}: a reload and the language switch keep the message typed; once sent, nothing is kept`, async ({ page }) => {
    await storeLanguageOnce(page, language);
    await page.goto(at(language, "/contact"));
    await fillResidential(page, language);
    await page.reload();
    await expectTyped(page, language, typed);

    await page.getByRole("button", { name: switchTo[language] }).click();
    await expect(page).toHaveURL(new RegExp(`${at(other(language), "/contact")}$`));
    await expectTyped(page, other(language), typed);

    await page.getByRole("tabpanel").getByRole("button", { name: tr("contact", "Submit", other(language)) }).click();
    await expect(page.getByTestId("contact-confirmation").getByText(tr("contact", "Message Sent!", other(language)))).toBeVisible();
    await page.reload();
    await expectTyped(page, other(language), null);
    expect(await page.evaluate(() => sessionStorage.getItem("contact:draft"))).toBeNull();
  });

  test(`in ${language}: a message sent again after a reload mid-send keeps its key`, async ({ page }) => {
    await storeLanguageOnce(page, language);
    const keys: string[] = [];
    let hold = true;
    await page.route("**/api/contact_form", async (route) => {
      keys.push((route.request().postDataJSON() as { submissionId: string }).submissionId);
      if (hold) return; // the first send never answers: the visitor reloads
      await route.continue();
    });
    await page.goto(at(language, "/contact"));
    await fillResidential(page, language);
    await page.getByRole("tabpanel").getByRole("button", { name: contact("Submit") }).click();
    await expect.poll(() => keys.length).toBe(1);
    hold = false;
    await page.reload();
    await expectTyped(page, language, typed);
    await page.getByRole("tabpanel").getByRole("button", { name: contact("Submit") }).click();
    await expect(page.getByTestId("contact-confirmation").getByText(contact("Message Sent!"))).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
}
