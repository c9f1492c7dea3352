/**
 * The mark and the name; `nameClassName` lets the header drop the name on narrow phones (its link is named).
 * The mark is the style sheet's picture (the logo-mark utility in src/styles.css), not markup the script renders:
 * the same pixels, no bytes in the first load's JavaScript.
 */
import { brand } from "../config/brand";

export function Logo({ className = "", nameClassName = "" }: { className?: string; nameClassName?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 whitespace-nowrap font-display text-lg font-bold text-brand-800 ${className}`}>
      <span className="logo-mark" />
      <span className={nameClassName}>{brand.name}</span>
    </span>
  );
}
