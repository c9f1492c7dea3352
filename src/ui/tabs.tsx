// Tabs (react-aria): arrow keys move between tabs, each tab controls its panel.
import type { ReactNode } from "react";
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type Key,
  type TabPanelProps as AriaTabPanelProps,
  type TabsProps as AriaTabsProps,
} from "react-aria-components";
import { AriaLocale } from "./aria-locale";

export interface TabsProps extends Omit<AriaTabsProps, "className" | "children"> {
  children: ReactNode;
  className?: string;
}

export function Tabs({ children, className = "", ...props }: TabsProps) {
  return (
    <AriaLocale>
      <AriaTabs {...props} className={`flex flex-col gap-6 ${className}`}>
        {children}
      </AriaTabs>
    </AriaLocale>
  );
}

/** The row of tabs; `aria-label` names it for screen readers. */
export function TabList({ children, className = "", "aria-label": ariaLabel }: { children: ReactNode; className?: string; "aria-label": string }) {
  return (
    <AriaTabList
      aria-label={ariaLabel}
      className={`grid grid-cols-2 gap-2 rounded-card border border-brand-100 bg-white p-1.5 shadow-card sm:flex sm:flex-wrap ${className}`}
    >
      {children}
    </AriaTabList>
  );
}

export function Tab({ id, children }: { id: Key; children: ReactNode }) {
  return (
    <AriaTab
      id={id}
      className="min-h-11 flex-1 cursor-pointer rounded-control px-4 py-2.5 text-center text-sm font-semibold text-brand-800 outline-none transition-colors hover:bg-brand-50 data-[selected]:bg-brand-700 data-[selected]:text-white data-[focus-visible]:ring-3 data-[focus-visible]:ring-focus sm:whitespace-nowrap"
    >
      {children}
    </AriaTab>
  );
}

/**
 * A tab's panel. With `shouldForceMount` it is in the page (and its HTML) while its tab is not selected, then inert
 * (react-aria) and hidden.
 */
export function TabPanel({ className = "", ...props }: Omit<AriaTabPanelProps, "className"> & { className?: string }) {
  return (
    <AriaTabPanel
      {...props}
      className={`rounded-card outline-none data-[focus-visible]:ring-3 data-[focus-visible]:ring-focus data-[inert]:hidden ${className}`}
    />
  );
}
