// The contact form's draft and its message's key, kept in the tab (src/contact/contact-draft.ts,
// src/api/submission-keys.ts): what a reload gets back, and what it must not.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONTACT_DRAFT_KEY, readContactDraft, writeContactDraft } from "../../src/contact/contact-draft";
import { newSubmissionKeys } from "../../src/api/submission-keys";

const values = { name: "Marta", businessName: "", email: "marta@example.com", phone: "", message: "Hola" };

describe("the contact form's draft in the tab", () => {
  afterEach(() => sessionStorage.clear());

  it("is read back as written, and forgotten with null", () => {
    writeContactDraft({ type: "residential", values });
    expect(readContactDraft()).toEqual({ type: "residential", values });
    writeContactDraft(null);
    expect(sessionStorage.getItem(CONTACT_DRAFT_KEY)).toBeNull();
    expect(readContactDraft()).toBeNull();
  });

  it("ignores what is not a draft (unreadable, another shape, an unknown tab)", () => {
    for (const stored of ["{", "null", JSON.stringify({ type: "residential" }), JSON.stringify({ type: "other", values })]) {
      sessionStorage.setItem(CONTACT_DRAFT_KEY, stored);
      expect(readContactDraft(), stored).toBeNull();
    }
  });
});

describe("a request's key kept in the tab", () => {
  afterEach(() => sessionStorage.clear());

  it("is the same for the same input after a reload (a new page's keys), until forgotten", () => {
    const first = newSubmissionKeys("test:key").keyFor({ message: "Hola" });
    const afterReload = newSubmissionKeys("test:key");
    expect(afterReload.keyFor({ message: "Hola" })).toBe(first);
    expect(afterReload.keyFor({ message: "Hola!" })).not.toBe(first);
    const sent = afterReload.keyFor({ message: "Hola!" });
    afterReload.forget();
    expect(sessionStorage.getItem("test:key")).toBeNull();
    expect(newSubmissionKeys("test:key").keyFor({ message: "Hola!" })).not.toBe(sent);
  });

  it("without a tab key, lives and dies with the page", () => {
    const first = newSubmissionKeys().keyFor({ message: "Hola" });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(newSubmissionKeys().keyFor({ message: "Hola" })).not.toBe(first);
    expect(sessionStorage.length).toBe(0);
  });

  it("a full storage that still holds an older key: the page keeps its own, and the older one is not read back", () => {
    const older = newSubmissionKeys("test:key").keyFor({ message: "Hola" });
    const keys = newSubmissionKeys("test:key");
    const full = vi.spyOn(window.sessionStorage, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    try {
      const key = keys.keyFor({ message: "Adiós" });
      expect(keys.keyFor({ message: "Adiós" })).toBe(key);
      expect(sessionStorage.getItem("test:key")).toBeNull();
      expect(newSubmissionKeys("test:key").keyFor({ message: "Hola" })).not.toBe(older);
    } finally {
      full.mockRestore();
    }
  });

  it("falls back to the page's own key when storage refuses it", () => {
    const keys = newSubmissionKeys("test:key");
    const full = vi.spyOn(window.sessionStorage, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    try {
      const key = keys.keyFor({ message: "Hola" });
      expect(keys.keyFor({ message: "Hola" })).toBe(key);
    } finally {
      full.mockRestore();
    }
  });
});
