// What the visitor typed into the contact form, kept in the tab until the message goes: a reload, a language switch
// (which loads the page again) or a phone discarding the tab in the background must not lose a message half written.
import { z } from "zod";
import type { ContactDraft } from "#machines/contact-form.machine";
import { tabStorage } from "../browser/tab-session";

export const CONTACT_DRAFT_KEY = "contact:draft";
/** The key of the message being sent (src/api/submission-keys.ts), kept so a reload mid-send sends it as the same one. */
export const CONTACT_SUBMISSION_KEY = "contact:submission";

const text = z.string().max(5000);
const draftSchema = z.object({
  type: z.enum(["commercial", "residential"]),
  values: z.object({ name: text, businessName: text, email: text, phone: text, message: text }),
});

/** The tab's draft, or null when there is none, it is unreadable or storage is blocked. Browser-only. */
export function readContactDraft(): ContactDraft | null {
  try {
    const parsed = draftSchema.safeParse(JSON.parse(tabStorage()?.getItem(CONTACT_DRAFT_KEY) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the draft, or forgets it (null: nothing typed, or the message went). */
export function writeContactDraft(draft: ContactDraft | null): void {
  try {
    if (draft) tabStorage()?.setItem(CONTACT_DRAFT_KEY, JSON.stringify(draft));
    else tabStorage()?.removeItem(CONTACT_DRAFT_KEY);
  } catch {
    // A full or refused storage: the form works as before, only a reload loses what was typed.
  }
}
