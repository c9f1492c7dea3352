import type { KeyboardEvent } from "react";
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
  /**
   * What a phone keyboard's Enter key says (single-line fields): "next" when another field of the form follows,
   * and then Enter moves there (see enterMovesOn); else what Enter does in the form ("go", "send").
   */
  enterKeyHint?: EnterKeyHint;
}

export type EnterKeyHint = "next" | "go" | "send" | "done";

/**
 * Enter in a field whose key says "next" moves the focus to the next field that takes text in its form (shown,
 * enabled, in the Tab order), as the key promises, instead of submitting the form; with no such field, it submits.
 * A keystroke a widget handled already (a combo box picking an option) is left alone.
 */
export function enterMovesOn(hint: EnterKeyHint | undefined) {
  if (hint !== "next") return undefined;
  return (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.key !== "Enter" || event.defaultPrevented || event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || !input.form) return;
    const fields = [...input.form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")].filter(
      (field) =>
        field === input ||
        (!/^(checkbox|radio|hidden|submit|button|file|range|color)$/.test(field.type) &&
          !field.disabled &&
          !field.readOnly &&
          field.tabIndex >= 0 &&
          field.checkVisibility({ visibilityProperty: true })),
    );
    const next = fields[fields.indexOf(input) + 1];
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
}

export const inputClass =
  "w-full rounded-control border border-brand-200 bg-white px-3 py-2.5 text-base text-ink placeholder:text-muted/70 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[invalid]:border-danger";

export function TextField({ label, description, errorMessage, placeholder, multiline, rows, className = "", excludeFromTabOrder, enterKeyHint, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={!!errorMessage || props.isInvalid} className={`flex flex-col gap-1.5 ${className}`}>
      <Label className="text-sm font-medium text-ink">
        {label}
        {props.isRequired && <span aria-hidden="true" className="text-danger"> *</span>}
      </Label>
      {multiline ? <TextArea rows={rows} placeholder={placeholder} className={inputClass} /> : (
        <Input
          placeholder={placeholder}
          className={inputClass}
          tabIndex={excludeFromTabOrder ? -1 : undefined}
          enterKeyHint={enterKeyHint}
          onKeyDown={enterMovesOn(enterKeyHint)}
        />
      )}
      {description && <Text slot="description" className="text-sm text-muted">{description}</Text>}
      <FieldError className="text-sm font-medium text-danger">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
