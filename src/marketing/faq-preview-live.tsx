// The live single-open accordion of the home page's question preview (loaded lazily by the home page).
import { useLayoutEffect, useRef } from "react";
import { Disclosure, DisclosureGroup } from "../ui/disclosure";
import type { FaqPreviewItem, FaqPreviewState } from "./faq-preview";

export default function FaqPreviewLive({ items, open, onOpenChange, focusedRef }: { items: FaqPreviewItem[] } & FaqPreviewState) {
  const container = useRef<HTMLDivElement>(null);
  // Taking over removed the still copy's button that had the focus: the same question's button gets it back.
  useLayoutEffect(() => {
    const index = items.findIndex((item) => item.id === focusedRef.current);
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (index >= 0 && lost) container.current?.querySelectorAll<HTMLButtonElement>("button[aria-expanded]")[index]?.focus();
    // Once, when the live accordion arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={container}>
      <DisclosureGroup
        className="max-w-3xl"
        expandedKeys={open ? [open] : []}
        onExpandedChange={(keys) => onOpenChange(([...keys][0] as string | undefined) ?? null)}
      >
        {items.map((item) => (
          <Disclosure key={item.id} id={item.id} title={item.title}>
            {item.text}
          </Disclosure>
        ))}
      </DisclosureGroup>
    </div>
  );
}
