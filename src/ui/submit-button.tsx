// A form's submit button without react-aria's press handling: a native <button type="submit"> styled as ./button's
// Button. On the sign-up's Continue, react-aria's hover, press and focus handlers re-rendered the button on every
// pointer event of a click, before the form's submit even ran (issue 15). A native submit button already has the
// semantics (role, focus, Enter and Space, `disabled`); the focus ring is the site's :focus-visible, the pressed
// colour :active.
import type { ComponentProps } from "react";
import { buttonClass, type ButtonVariant } from "./link-button";

/** react-aria's data-pressed colours of ./link-button's variants, as :active. */
const pressedClass: Record<ButtonVariant, string> = {
  primary: "active:enabled:bg-brand-900",
  secondary: "",
  accent: "",
  ghost: "",
};

export function SubmitButton({ variant = "primary", className = "", ...props }: Omit<ComponentProps<"button">, "type"> & { variant?: ButtonVariant }) {
  return <button {...props} type="submit" className={`${buttonClass[variant]} ${pressedClass[variant]} ${className}`} />;
}
