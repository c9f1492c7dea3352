import { brand } from "../config/brand";

/** The mark and the name; `nameClassName` lets the header drop the name on narrow phones (its link is named). */
export function Logo({ className = "", nameClassName = "" }: { className?: string; nameClassName?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 whitespace-nowrap font-display text-lg font-bold text-brand-800 ${className}`}>
      <svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="16" fill="#0e5e6f" />
        <path d="M16 40c6-10 12-14 16-14s10 4 16 14" fill="none" stroke="#ffb4a2" strokeWidth="5" strokeLinecap="round" />
        <circle cx="32" cy="20" r="6" fill="#f7f3ea" />
        <path d="M14 46h36" stroke="#f7f3ea" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span className={nameClassName}>{brand.name}</span>
    </span>
  );
}
