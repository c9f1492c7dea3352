// Step 4: a start date in the calendar, then two weekly pickup days from the 7 days it opens.
import { useLingui } from "@lingui/react/macro";
import { parseDate } from "@internationalized/date";
import { format, parseISO } from "date-fns";
import { PICKUP_DAYS_REQUIRED } from "../../contract/plan";
import { dateLocale } from "../../i18n/date-locale";
import { useLanguage } from "../../i18n/language-provider";
import type { Language } from "../../i18n/languages";
import { lastStartDate } from "../../../machines/signup.machine";
import { Alert } from "../../ui/alert";
import { Calendar } from "../../ui/calendar";
import { DayToggle } from "../../ui/signup-day-toggle";
import { SignupActor } from "../signup-actor";
import { useFieldError } from "./field-error";

const dayLabelPattern: Record<Language, string> = { en: "EEEE, MMMM d", es: "EEEE d 'de' MMMM" };

export const dayLabel = (date: string, language: Language) => format(parseISO(date), dayLabelPattern[language], { locale: dateLocale[language] });
export const weekdayName = (date: string, language: Language) => format(parseISO(date), "EEEE", { locale: dateLocale[language] });

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
  const error = useFieldError();
  const days = Object.keys(availability).sort();
  const chosen = [...picks].sort().map((d) => weekdayName(d, language));

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
      </div>
      <section aria-labelledby="pickup-days-heading" aria-busy={phase === "loading"} className="flex flex-col gap-3">
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
                aria-label={dayLabel(day, language)}
                isSelected={picks.includes(day)}
                isDisabled={availability[day] !== true}
                onChange={() => actor.send({ type: "date.toggled", date: day })}
              >
                <span className="text-xs font-semibold uppercase">{format(parseISO(day), "EEE", { locale: dateLocale[language] })}</span>
                <span className="text-base font-semibold">{format(parseISO(day), "d MMM", { locale: dateLocale[language] })}</span>
              </DayToggle>
            ))}
          </div>
        )}
        {error("picks") && <p className="text-sm font-medium text-danger">{error("picks")}</p>}
        <p className="text-sm text-ink" aria-live="polite">
          {chosen.length > 0 && (
            <>
              {t`Your weekly pickup days:`} <strong className="capitalize">{chosen.join(", ")}</strong>
            </>
          )}
        </p>
      </section>
    </div>
  );
}
