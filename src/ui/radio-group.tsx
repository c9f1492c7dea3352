import {
  FieldError,
  Label,
  Radio,
  RadioGroup as AriaRadioGroup,
  Text,
  type RadioGroupProps as AriaRadioGroupProps,
} from "react-aria-components";
import { AriaLocale } from "./aria-locale";

export interface RadioOption {
  value: string;
  label: string;
  description?: string;
}

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, "children" | "className"> {
  label: string;
  description?: string;
  /** A translated message; when set the group is shown invalid with it. */
  errorMessage?: string;
  options: RadioOption[];
}

/** A labelled group of radio cards, each with an optional description (arrow keys move between them). */
export function RadioGroup({ label, description, errorMessage, options, ...props }: RadioGroupProps) {
  return (
    <AriaLocale>
      <AriaRadioGroup {...props} isInvalid={!!errorMessage || props.isInvalid} className="flex flex-col gap-3">
        <Label className="text-base font-semibold text-ink">
          {label}
          {props.isRequired && <span aria-hidden="true" className="text-danger"> *</span>}
        </Label>
        {description && <Text slot="description" className="text-sm text-muted">{description}</Text>}
        <div className="grid gap-3 sm:grid-cols-2">
          {options.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              className="group flex cursor-pointer items-start gap-3 rounded-card border-2 border-brand-100 bg-white p-4 transition-colors hover:border-brand-300 data-[selected]:border-brand-700 data-[selected]:bg-brand-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-focus data-[invalid]:border-danger"
            >
              <span
                aria-hidden="true"
                className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 border-brand-500 bg-white group-data-[selected]:border-brand-700"
              >
                <span className="hidden h-2.5 w-2.5 rounded-full bg-brand-700 group-data-[selected]:block" />
              </span>
              <span className="flex flex-col gap-1">
                <span className="font-semibold text-ink">{option.label}</span>
                {option.description && <span className="text-sm text-muted">{option.description}</span>}
              </span>
            </Radio>
          ))}
        </div>
        <FieldError className="text-sm font-medium text-danger">{errorMessage}</FieldError>
      </AriaRadioGroup>
    </AriaLocale>
  );
}
