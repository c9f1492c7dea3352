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
        <CalendarGrid className="w-full border-collapse">
          <CalendarGridHeader>
            {(day) => <CalendarHeaderCell className="pb-1 text-xs font-semibold uppercase text-muted">{day}</CalendarHeaderCell>}
          </CalendarGridHeader>
          <CalendarGridBody>
            {(date) => (
              <CalendarCell
                date={date}
                className="m-0.5 flex h-10 w-full min-w-9 cursor-pointer items-center justify-center rounded-control border-2 border-transparent text-sm text-ink outline-none hover:bg-brand-50 data-[outside-month]:hidden data-[disabled]:cursor-default data-[disabled]:text-muted/50 data-[disabled]:line-through data-[unavailable]:text-muted/50 data-[selected]:rounded-full data-[selected]:border-brand-700 data-[selected]:bg-white data-[selected]:font-bold data-[selected]:text-brand-900 data-[focus-visible]:ring-2 data-[focus-visible]:ring-focus"
              />
            )}
          </CalendarGridBody>
        </CalendarGrid>
        {errorMessage && <Text slot="errorMessage" className="mt-2 block text-sm font-medium text-danger">{errorMessage}</Text>}
      </AriaCalendar>
    </AriaLocale>
  );
}
