// Step 4: a start date in the calendar, then two weekly pickup days from the 7 days it opens.
import { useLingui } from "@lingui/react/macro";
import { format, parseISO } from "date-fns";
import { parseDate } from "@internationalized/date";
import { PICKUP_DAYS_REQUIRED } from "#domain/plan";
import { dateLocale } from "../../i18n/date-locale";
import { useLanguage } from "../../i18n/language-provider";
import { lastStartDate } from "#machines/signup.machine";
import { Alert } from "../../ui/alert";
import { Calendar } from "../../ui/calendar";
import { DayToggle } from "../../ui/signup-day-toggle";
import { SignupActor } from "../signup-actor";
import { useFieldError } from "./field-error";
import { dayLabel, weekdayList } from "./day-names";

export function DatesStep() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const actor = SignupActor.useActorRef();
  const today = SignupActor.useSelector((s) => s.context.today);
  const startDate = SignupActor.useSelector((s) => s.context.form.startDate);
  const picks = SignupActor.useSelector((s) => s.context.form.picks);
  const availability = SignupActor.useSelector((s) => s.context.availability);
  const phase = SignupActor.useSelector((s) =>
    s.matches({ step4: "loading" }) ? "loading" : s.matches({ step4: "loaded" }) ? "loaded" : s.matches({ step4: "empty" }) ? "empty" : "idle",
  );
  const pickNotice = SignupActor.useSelector((s) => s.context.pickNotice);
  const error = useFieldError();
  const days = Object.keys(availability).sort();
  const chosen = picks.length > 0 ? weekdayList(picks, language) : "";
  const noticeText =
    pickNotice?.kind === "dropped"
      ? t`Only two days can be picked: ${dayLabel(pickNotice.date, language)} was removed.`
      : pickNotice?.kind === "cleared"
        ? t`New start date: your picked days (${weekdayList(pickNotice.dates, language)}) were cleared. Pick two days again.`
        : "";

  return (
    <div className="flex flex-col gap-6">
      <p className="text-muted">
        {t`Choose the date from which you want to start. Then pick two days of that week: they become your weekly pickup days.`}
      </p>
      <div className="flex flex-col gap-2">
        <Calendar
          aria-label={t`Start date`}
          previousLabel={t`Previous month`}
          nextLabel={t`Next month`}
          firstDayOfWeek="mon"
          minValue={parseDate(today)}
          maxValue={parseDate(lastStartDate(today))}
          value={startDate ? parseDate(startDate) : null}
          onChange={(value) => actor.send({ type: "date.start", date: value.toString() })}
        />
        {startDate && (
          <p className="flex items-center gap-2 text-sm text-ink" data-testid="start-date">
            <span aria-hidden="true" className="inline-block h-4 w-4 rounded-full border-2 border-brand-700 bg-white" />
            <span>
              {t`Start date:`} <strong>{dayLabel(startDate, language)}</strong>
            </span>
          </p>
        )}
      </div>
      <section
        aria-labelledby="pickup-days-heading"
        aria-busy={phase === "loading"}
        data-invalid={error("picks") ? true : undefined}
        className="flex flex-col gap-3"
      >
        <h3 id="pickup-days-heading" className="text-lg font-semibold text-ink">
          {t`Available pickup days`}{" "}
          <span className="font-normal text-muted">{t`(${picks.length}/${PICKUP_DAYS_REQUIRED} selected)`}</span>
        </h3>
        {phase === "idle" && <p className="text-muted">{t`Choose a start date in the calendar to see the available days.`}</p>}
        {phase === "loading" && <p className="text-muted">{t`Loading available days…`}</p>}
        {phase === "empty" && <Alert variant="warning" title={t`No available dates found.`} />}
        {phase === "loaded" && (
          <div role="group" aria-labelledby="pickup-days-heading" className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
            {days.map((day) => (
              <DayToggle
                key={day}
                aria-label={day === startDate ? t`${dayLabel(day, language)} (start date)` : dayLabel(day, language)}
                isSelected={picks.includes(day)}
                isDisabled={availability[day] !== true}
                onChange={() => actor.send({ type: "date.toggled", date: day })}
              >
                <span className="text-xs font-semibold uppercase">{format(parseISO(day), "EEE", { locale: dateLocale[language] })}</span>
                <span className="text-base font-semibold">{format(parseISO(day), "d MMM", { locale: dateLocale[language] })}</span>
                {picks.includes(day) ? (
                  <span className="flex items-center gap-1 text-xs font-semibold">
                    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3"><path d="M5 12l5 5 9-10" /></svg>
                    {t`Pickup`}
                  </span>
                ) : (
                  day === startDate && <span className="text-xs font-semibold">{t`Start`}</span>
                )}
              </DayToggle>
            ))}
          </div>
        )}
        {error("picks") && <p className="text-sm font-medium text-danger">{error("picks")}</p>}
        {/* Always in the page, so the change of its text is what a screen reader hears. */}
        <p
          role="status"
          aria-live="polite"
          aria-atomic="true"
          data-testid="pick-notice"
          className={noticeText ? "rounded-card border border-brand-200 bg-brand-50 p-3 text-sm text-ink" : "sr-only"}
        >
          {noticeText}
        </p>
        <p className="text-sm text-ink" aria-live="polite" data-testid="pickup-days">
          {chosen && (
            <>
              {t`Your weekly pickup days:`} <strong>{chosen}</strong>
            </>
          )}
        </p>
      </section>
    </div>
  );
}
