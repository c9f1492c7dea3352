// The live single-open accordion of the home page's question preview (loaded lazily by the home page).
import { Disclosure, DisclosureGroup } from "../ui/disclosure";
import type { FaqPreviewItem, FaqPreviewState } from "./faq-preview";

export default function FaqPreviewLive({ items, open, onOpenChange }: { items: FaqPreviewItem[] } & FaqPreviewState) {
  return (
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
  );
}
