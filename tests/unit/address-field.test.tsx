// The address field in the DOM: manual entry without a key or after the loader fails, and the ready path
// against the local stand-in of the Places library (the same file the browser tests load).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { AddressField, type AddressFieldProps } from "../../src/signup/address/address-field";
import { emptyAddressDraft, type AddressDraft } from "../../src/signup/address/address-draft";
import "../../e2e/stubs/google-places.js";
import { brickellAddress } from "../fixtures/address";

interface StandIn {
  failLoads: number;
  loads: number;
  requests: Array<{ input: string; includedRegionCodes?: string[]; hasSessionToken: boolean }>;
  fieldRequests: Array<{ id: string; fields: string[] }>;
}
const standIn = window.__placesStandIn as StandIn;

i18n.loadAndActivate({ locale: "en", messages: {} });

const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;
/** The text of the elements that describe a field (its description and its error). */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

function Harness({ errors, initial = emptyAddressDraft, ...spies }: Pick<AddressFieldProps, "onChange" | "onSelect" | "errors"> & { initial?: AddressDraft }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nProvider i18n={i18n}>
      <AddressField
        value={value}
        errors={errors}
        onChange={(draft) => {
          spies.onChange(draft);
          setValue(draft);
        }}
        onSelect={(address) => {
          spies.onSelect(address);
          setValue(address);
        }}
      />
    </I18nProvider>
  );
}

function renderField(props: Partial<Pick<AddressFieldProps, "errors">> = {}) {
  const onChange = vi.fn<(draft: AddressDraft) => void>();
  const onSelect = vi.fn<(address: AddressDraft) => void>();
  render(<Harness onChange={onChange} onSelect={onSelect} {...props} />);
  return { onChange, onSelect, user: userEvent.setup() };
}

beforeEach(() => {
  window.__placesStandIn = standIn;
  Object.assign(standIn, { failLoads: 0, loads: 0, requests: [], fieldRequests: [] });
});
afterEach(() => {
  window.__placesStandIn = standIn;
});

describe("AddressField without a maps key", () => {
  beforeEach(() => {
    delete window.__placesStandIn;
  });

  it("shows plain fields under a neutral hint, no alert (nothing failed); typing fills the draft, the house number parsed", async () => {
    const { onChange, onSelect, user } = renderField();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.body.textContent).not.toContain("Failed to load address autocomplete");
    expect(descriptionOf(screen.getByRole("textbox", { name: /Street address/ }))).toMatch(/House number and street name, e\.g\. 1200 Brickell Ave/);
    expect(screen.queryByRole("combobox")).toBeNull();

    await user.type(screen.getByRole("textbox", { name: /Street address/ }), "1200 Brickell Ave");
    await user.type(screen.getByRole("textbox", { name: /ZIP code/ }), "33131-1234");
    await user.type(screen.getByRole("textbox", { name: /City/ }), "Miami");

    expect(onChange).toHaveBeenLastCalledWith({ ...brickellAddress, formatted_address: "" });
    expect(valueOf(screen.getByRole("textbox", { name: /ZIP code/ }))).toBe("33131");
    // Every field is required, labelled and keyboard reachable; nothing was loaded or selected.
    for (const name of [/Street address/, /ZIP code/, /City/]) expect(screen.getByRole("textbox", { name }).getAttribute("aria-required")).toBe("true");
    expect(standIn.loads).toBe(0);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("a street without a number gives number 0", async () => {
    const { onChange, user } = renderField();
    await user.type(screen.getByRole("textbox", { name: /Street address/ }), "Brickell Ave");
    expect(onChange.mock.lastCall?.[0]).toMatchObject({ street: "Brickell Ave", number: 0 });
  });

  it("shows errors inline: the contract's keys translated, other text as given", () => {
    renderField({ errors: { street: "streetRequired", zip: "zipRequired", city: "Tell us your city" } });
    const street = screen.getByRole("textbox", { name: /Street address/ });
    expect(street.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(street)).toMatch(/Street address is required/);
    expect(descriptionOf(screen.getByRole("textbox", { name: /ZIP code/ }))).toMatch(/ZIP code is required/);
    expect(descriptionOf(screen.getByRole("textbox", { name: /City/ }))).toMatch(/Tell us your city/);
  });
});

describe("AddressField with the Places stand-in", () => {
  it("offers US suggestions for what is typed, and a pick fills street, ZIP and city", async () => {
    const { onSelect, user } = renderField();
    const combobox = await screen.findByRole("combobox", { name: /Street address/ });
    expect(screen.queryByRole("alert")).toBeNull();

    await user.type(combobox, "1200 Bri");
    const listbox = await screen.findByRole("listbox", {}, { timeout: 3000 });
    const options = within(listbox).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["1200 Brickell AveMiami, FL, USA", "1200 Brickell Bay DrMiami, FL, USA"]);
    // Debounced: one request for the whole word typed, limited to the USA, within a session.
    expect(standIn.requests).toEqual([{ input: "1200 Bri", includedRegionCodes: ["us"], hasSessionToken: true }]);

    await user.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1));
    expect(onSelect).toHaveBeenCalledWith(brickellAddress);
    expect(standIn.fieldRequests).toEqual([{ id: "ChIJstandIn_1200BrickellAve", fields: ["addressComponents", "formattedAddress"] }]);
    expect(valueOf(combobox)).toBe("1200 Brickell Ave");
    expect(valueOf(screen.getByRole("textbox", { name: /ZIP code/ }))).toBe("33131");
    expect(valueOf(screen.getByRole("textbox", { name: /City/ }))).toBe("Miami");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("after 4 failed loads shows the alert and manual entry", async () => {
    standIn.failLoads = 4;
    const { user, onChange } = renderField();
    expect((await screen.findByRole("alert", {}, { timeout: 3000 })).textContent).toContain("Failed to load address autocomplete");
    expect(standIn.loads).toBe(4);
    expect(screen.queryByRole("combobox")).toBeNull();
    await user.type(screen.getByRole("textbox", { name: /Street address/ }), "350 Lincoln Rd");
    expect(onChange.mock.lastCall?.[0]).toMatchObject({ street: "350 Lincoln Rd", number: 350 });
  });

  it("is ready when the third retry loads", async () => {
    standIn.failLoads = 3;
    renderField();
    await screen.findByRole("combobox", { name: /Street address/ });
    await waitFor(() => expect(standIn.loads).toBe(4));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
