import { Label, ProgressBar as AriaProgressBar, type ProgressBarProps as AriaProgressBarProps } from "react-aria-components";
import { AriaLocale } from "./aria-locale";

export interface ProgressBarProps extends Omit<AriaProgressBarProps, "children" | "className"> {
  label: string;
  /** The text beside the label, e.g. "50% complete"; defaults to react-aria's percentage. */
  valueText?: string;
}

/** A labelled progress bar (react-aria ProgressBar: role progressbar with aria-valuenow and aria-valuetext). */
export function ProgressBar({ label, valueText, ...props }: ProgressBarProps) {
  return (
    <AriaLocale>
      <AriaProgressBar {...props} valueLabel={valueText ?? props.valueLabel} className="flex w-full flex-col gap-2">
        {({ percentage, valueText: text }) => (
          <>
            <div className="flex items-center justify-between gap-4 text-sm">
              <Label className="font-semibold text-brand-900">{label}</Label>
              <span className="text-muted">{text}</span>
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-brand-100">
              <div className="h-full rounded-full bg-brand-700 transition-[width] duration-300" style={{ width: `${percentage ?? 0}%` }} />
            </div>
          </>
        )}
      </AriaProgressBar>
    </AriaLocale>
  );
}
