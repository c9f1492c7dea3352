// The home page's single-open question preview. The page shows FaqPreviewStill at once (react-aria's
// Disclosure markup, all closed) and swaps in the live accordion (./faq-preview-live) once that has loaded,
// so react-aria is not part of the page's first download and nothing moves when it takes over.
import { useId, type RefObject } from "react";

export interface FaqPreviewItem {
  id: string;
  title: string;
  text: string;
}

export const groupClass = "divide-y divide-brand-100 rounded-card border border-brand-100 bg-white shadow-card max-w-3xl";
export const triggerClass =
  "flex w-full min-h-12 items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-brand-900 outline-none hover:bg-brand-50";

export function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" className="shrink-0 text-brand-600" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 8l5 5 5-5" />
    </svg>
  );
}

/**
 * Which question is open, and which one has the keyboard focus in the still copy: held by the page, so a click
 * or the focus on the still copy survives the live one's arrival (the swap removes the focused button).
 */
export interface FaqPreviewState {
  open: string | null;
  onOpenChange: (open: string | null) => void;
  focusedRef: RefObject<string | null>;
}

/** The accordion as it first paints (every question closed), already single-open before react-aria's takes over. */
export function FaqPreviewStill({ items, open, onOpenChange, focusedRef }: { items: FaqPreviewItem[] } & FaqPreviewState) {
  const id = useId();
  return (
    <div className={groupClass}>
      {items.map((item) => (
        <div key={item.id} className="group">
          <h3 className="m-0 font-sans text-base">
            <button
              type="button"
              id={`${id}-${item.id}`}
              aria-expanded={open === item.id}
              aria-controls={`${id}-${item.id}-panel`}
              className={triggerClass}
              onClick={() => onOpenChange(open === item.id ? null : item.id)}
              onFocus={() => (focusedRef.current = item.id)}
              onBlur={() => (focusedRef.current = null)}
            >
              <span>{item.title}</span>
              <Chevron />
            </button>
          </h3>
          <div id={`${id}-${item.id}-panel`} role="group" aria-labelledby={`${id}-${item.id}`} hidden={open !== item.id} className="px-5 text-muted">
            <div className="pb-5 leading-relaxed">{item.text}</div>
          </div>
        </div>
      ))}
    </div>
  );
}
