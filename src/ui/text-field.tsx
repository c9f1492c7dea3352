import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from "react-aria-components";

export interface TextFieldProps extends Omit<AriaTextFieldProps, "children" | "className"> {
  label: string;
  description?: string;
  /** A translated message; when set the field is shown invalid with it. */
  errorMessage?: string;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  className?: string;
  /** A read-only value shown for information (e.g. the country): kept out of the Tab order. */
  excludeFromTabOrder?: boolean;
}

export const inputClass =
  "w-full rounded-control border border-brand-200 bg-white px-3 py-2.5 text-base text-ink placeholder:text-muted/70 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[invalid]:border-danger";

export function TextField({ label, description, errorMessage, placeholder, multiline, rows, className = "", excludeFromTabOrder, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={!!errorMessage || props.isInvalid} className={`flex flex-col gap-1.5 ${className}`}>
      <Label className="text-sm font-medium text-ink">
        {label}
        {props.isRequired && <span aria-hidden="true" className="text-danger"> *</span>}
      </Label>
      {multiline ? <TextArea rows={rows} placeholder={placeholder} className={inputClass} /> : <Input placeholder={placeholder} className={inputClass} tabIndex={excludeFromTabOrder ? -1 : undefined} />}
      {description && <Text slot="description" className="text-sm text-muted">{description}</Text>}
      <FieldError className="text-sm font-medium text-danger">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
