// A labelled combo box (react-aria): a text input with a list of options below it, keyboard operable.
import { useContext, useEffect, type ReactNode } from "react";
import {
  ComboBox as AriaComboBox,
  ComboBoxStateContext,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type ComboBoxProps as AriaComboBoxProps,
  type ListBoxItemProps,
} from "react-aria-components";
import { enterMovesOn, inputClass, type EnterKeyHint } from "./text-field";
import { AriaLocale } from "./aria-locale";

export interface ComboBoxProps<T extends object> extends Omit<AriaComboBoxProps<T>, "children" | "className"> {
  label: string;
  description?: string;
  /** A translated message; when set the field is shown invalid with it. */
  errorMessage?: string;
  placeholder?: string;
  className?: string;
  /** What a phone keyboard's Enter key says, as a text field's (./text-field). */
  enterKeyHint?: EnterKeyHint;
  children: ReactNode | ((item: T) => ReactNode);
}

export function ComboBox<T extends object>({
  label,
  description,
  errorMessage,
  placeholder,
  className = "",
  enterKeyHint,
  children,
  ...props
}: ComboBoxProps<T>) {
  return (
    <AriaLocale>
      <AriaComboBox {...props} isInvalid={!!errorMessage || props.isInvalid} className={`group flex flex-col gap-1.5 ${className}`}>
        <Label className="text-sm font-medium text-ink">
          {label}
          {props.isRequired && <span aria-hidden="true" className="text-danger"> *</span>}
        </Label>
        <Input placeholder={placeholder} className={inputClass} enterKeyHint={enterKeyHint} onKeyDown={enterMovesOn(enterKeyHint)} />
        <OpenWhenItemsArrive items={props.items} />
        {description && <Text slot="description" className="text-sm text-muted">{description}</Text>}
        <FieldError className="text-sm font-medium text-danger">{errorMessage}</FieldError>
        <Popover
          offset={4}
          className="w-(--trigger-width) overflow-auto rounded-control border border-brand-200 bg-white shadow-card outline-none"
        >
          <ListBox className="max-h-72 p-1 outline-none">{children}</ListBox>
        </Popover>
      </AriaComboBox>
    </AriaLocale>
  );
}

export function ComboBoxItem(props: Omit<ListBoxItemProps, "className">) {
  return (
    <AriaLocale>
      <ListBoxItem
        {...props}
        className="cursor-default rounded-[0.5rem] px-3 py-2.5 text-base text-ink outline-none data-[focused]:bg-brand-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500 data-[selected]:font-semibold"
      />
    </AriaLocale>
  );
}

/**
 * React-aria opens the list as the user types, but options loaded afterwards (a debounced request) would
 * stay hidden until the next keystroke: open it when they arrive, if the input still has focus.
 */
function OpenWhenItemsArrive({ items }: { items: Iterable<unknown> | undefined }) {
  const state = useContext(ComboBoxStateContext);
  useEffect(() => {
    if (!state || !items || state.isOpen || !state.isFocused) return;
    for (const _ of items) {
      state.open(null, "input");
      return;
    }
    // Only a new list of items opens it; the state object changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);
  return null;
}
