// Collapsible question-and-answer items (react-aria Disclosure); a DisclosureGroup keeps one open at a time.
import type { ReactNode } from "react";
import {
  Button as AriaButton,
  Disclosure as AriaDisclosure,
  DisclosureGroup as AriaDisclosureGroup,
  DisclosurePanel as AriaDisclosurePanel,
  Heading,
  type DisclosureGroupProps as AriaDisclosureGroupProps,
  type Key,
} from "react-aria-components";

export interface DisclosureGroupProps extends Omit<AriaDisclosureGroupProps, "className" | "children"> {
  children: ReactNode;
  className?: string;
}

/** An accordion: single-open unless `allowsMultipleExpanded` is set. */
export function DisclosureGroup({ children, className = "", ...props }: DisclosureGroupProps) {
  return (
    <AriaDisclosureGroup {...props} className={`divide-y divide-brand-100 rounded-card border border-brand-100 bg-white shadow-card ${className}`}>
      {children}
    </AriaDisclosureGroup>
  );
}

export interface DisclosureProps {
  /** The key used by the group's `expandedKeys`. */
  id?: Key;
  /** The question or label of the trigger button. */
  title: ReactNode;
  children: ReactNode;
  /** Heading level wrapping the trigger, so the outline of the page stays correct (default 3). */
  headingLevel?: 2 | 3 | 4;
  defaultExpanded?: boolean;
  className?: string;
}

export function Disclosure({ id, title, children, headingLevel = 3, defaultExpanded, className = "" }: DisclosureProps) {
  return (
    <AriaDisclosure id={id} defaultExpanded={defaultExpanded} className={`group ${className}`}>
      <Heading level={headingLevel} className="m-0 font-sans text-base">
        <AriaButton
          slot="trigger"
          className="flex w-full min-h-12 items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-brand-900 outline-none hover:bg-brand-50 data-[focus-visible]:ring-3 data-[focus-visible]:ring-focus data-[focus-visible]:ring-inset"
        >
          <span>{title}</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            width="20"
            height="20"
            className="shrink-0 text-brand-600 transition-transform group-data-[expanded]:rotate-180"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 8l5 5 5-5" />
          </svg>
        </AriaButton>
      </Heading>
      <AriaDisclosurePanel className="px-5 text-muted">
        <div className="pb-5 leading-relaxed">{children}</div>
      </AriaDisclosurePanel>
    </AriaDisclosure>
  );
}
