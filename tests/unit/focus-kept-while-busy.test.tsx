// A form's busy spell disables the control that had the focus, and the browser moves the focus to the body: once the
// form is usable again the focus goes back there (src/ui/use-focus-kept-while-busy.ts).
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { useFocusKeptWhileBusy } from "../../src/ui/use-focus-kept-while-busy";

function Form({ busy, disabledAfter = false }: { busy: boolean; disabledAfter?: boolean }) {
  const keepFocus = useFocusKeptWhileBusy(busy);
  return (
    <>
      <form onFocus={keepFocus} onSubmit={(event) => event.preventDefault()}>
        <input aria-label="Email" disabled={busy} />
        <button type="submit" disabled={busy || disabledAfter}>
          Send
        </button>
      </form>
      <a href="#elsewhere">Elsewhere</a>
    </>
  );
}

/**
 * What the browser's focus fixup does when the focused control is disabled: jsdom keeps the focus on it (and will
 * not blur a disabled element), so the focus goes through an element removed at once, which leaves it on the body.
 */
const loseFocus = () => {
  const passing = document.body.appendChild(document.createElement("input"));
  passing.focus();
  passing.remove();
};

describe("the focus kept through a busy form", () => {
  afterEach(cleanup);

  it("goes back to the button pressed once the form is no longer busy", () => {
    const view = render(<Form busy={false} />);
    const button = view.getByRole("button", { name: "Send" });
    button.focus();
    view.rerender(<Form busy />);
    loseFocus();
    expect(document.activeElement).toBe(document.body);
    view.rerender(<Form busy={false} />);
    expect(document.activeElement).toBe(button);
  });

  it("goes back to the field Enter was pressed in", () => {
    const view = render(<Form busy={false} />);
    const field = view.getByRole("textbox", { name: "Email" });
    field.focus();
    view.rerender(<Form busy />);
    loseFocus();
    view.rerender(<Form busy={false} />);
    expect(document.activeElement).toBe(field);
  });

  it("leaves a focus the page moved elsewhere meanwhile (a confirmation, another control) where it is", () => {
    const view = render(<Form busy={false} />);
    view.getByRole("button", { name: "Send" }).focus();
    view.rerender(<Form busy />);
    const elsewhere = view.getByRole("link", { name: "Elsewhere" });
    elsewhere.focus();
    view.rerender(<Form busy={false} />);
    expect(document.activeElement).toBe(elsewhere);
  });

  it("does not focus a control still disabled", () => {
    const view = render(<Form busy={false} />);
    view.getByRole("button", { name: "Send" }).focus();
    view.rerender(<Form busy disabledAfter />);
    loseFocus();
    view.rerender(<Form busy={false} disabledAfter />);
    expect(document.activeElement).toBe(document.body);
  });
});
