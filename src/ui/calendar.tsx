import {
  Button,
  Calendar as AriaCalendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
  Text,
  type CalendarProps as AriaCalendarProps,
  type DateValue,
} from "react-aria-components";
import { AriaLocale } from "./aria-locale";

export interface CalendarProps<T extends DateValue> extends Omit<AriaCalendarProps<T>, "children" | "className"> {
  /** Accessible name of the calendar grid. */
  "aria-label": string;
  previousLabel: string;
  nextLabel: string;
  errorMessage?: string;
}

/**
 * A single-date calendar (react-aria): arrow keys move, Enter picks; weeks start on firstDayOfWeek. The chosen
 * date is a ringed circle, not a filled box, so it never looks like the sign-up's filled pickup-day toggles.
 */
export function Calendar<T extends DateValue>({ previousLabel, nextLabel, errorMessage, ...props }: CalendarProps<T>) {
  return (
    <AriaLocale>
      <AriaCalendar {...props} className="w-full max-w-sm rounded-card border border-brand-100 bg-white p-3 shadow-card">
        <header className="mb-2 flex items-center justify-between gap-2">
          <Button slot="previous" aria-label={previousLabel} className="flex h-11 w-11 items-center justify-center rounded-control text-brand-800 hover:bg-brand-50 data-[disabled]:opacity-40 data-[focus-visible]:ring-2 data-[focus-visible]:ring-focus">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="M15 6l-6 6 6 6" /></svg>
          </Button>
          {/* No CSS capitalisation: Spanish reads "noviembre de 2026" (react-aria formats it in the active locale). */}
          <Heading className="font-display text-lg font-semibold text-brand-900" />
          <Button slot="next" aria-label={nextLabel} className="flex h-11 w-11 items-center justify-center rounded-control text-brand-800 hover:bg-brand-50 data-[disabled]:opacity-40 data-[focus-visible]:ring-2 data-[focus-visible]:ring-focus">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="M9 6l6 6-6 6" /></svg>
          </Button>
        </header>
        <CalendarGrid className="w-full table-fixed border-collapse">
          <CalendarGridHeader>
            {(day) => <CalendarHeaderCell className="pb-1 text-xs font-semibold uppercase text-muted">{day}</CalendarHeaderCell>}
          </CalendarGridHeader>
          {/* A day's tap target is its whole grid cell, 44 px tall and edge to edge with its neighbours (no gap
              between two days misses both); the day as drawn, its ring and its focus ring, is the 40 px box inside. */}
          <CalendarGridBody>
            {(date) => (
              <CalendarCell
                date={date}
                className="group/day flex h-11 w-full cursor-pointer items-center justify-center outline-none data-[outside-month]:hidden data-[disabled]:cursor-default"
              >
                {({ formattedDate }) => (
                  <span className="flex h-10 w-full items-center justify-center whitespace-nowrap rounded-control border-2 border-transparent text-sm text-ink group-hover/day:bg-brand-50 group-data-[disabled]/day:text-muted/50 group-data-[disabled]/day:line-through group-data-[unavailable]/day:text-muted/50 group-data-[selected]/day:rounded-full group-data-[selected]/day:border-brand-700 group-data-[selected]/day:bg-white group-data-[selected]/day:font-bold group-data-[selected]/day:text-brand-900 group-data-[focus-visible]/day:ring-2 group-data-[focus-visible]/day:ring-focus">
                    {formattedDate}
                  </span>
                )}
              </CalendarCell>
            )}
          </CalendarGridBody>
        </CalendarGrid>
        {errorMessage && <Text slot="errorMessage" className="mt-2 block text-sm font-medium text-danger">{errorMessage}</Text>}
      </AriaCalendar>
    </AriaLocale>
  );
}
