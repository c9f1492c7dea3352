// Links that look like buttons, and the button classes: no react-aria here, so pages can show them on their
// first load without downloading react-aria's press handling (./button has the real Button).
import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "accent" | "ghost";

// A disabled button takes no pointer at all: react-aria's press handling starts a press on it all the same and,
// when no click follows (none does on a disabled button), clicks it itself 80 ms later, by when it may be enabled
// again: a second tap during "Sending..." sent a second request once the first had answered.
const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-5 py-2.5 font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50";
export const buttonClass: Record<ButtonVariant, string> = {
  primary: `${base} bg-brand-700 text-white hover:bg-brand-800 data-[pressed]:bg-brand-900`,
  secondary: `${base} border border-brand-200 bg-white text-brand-800 hover:bg-brand-50`,
  accent: `${base} bg-coral-600 text-white hover:bg-coral-500`,
  ghost: `${base} text-brand-800 hover:bg-brand-50`,
};

/** A link that looks like a button (client-side navigation). */
export function LinkButton({ variant = "primary", className = "", ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...props} className={`${buttonClass[variant]} ${className}`} />;
}
