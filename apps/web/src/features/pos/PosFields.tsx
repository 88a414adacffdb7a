import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from "react";
import { useMoneyText } from "../../shared/useMoneyText";

/**
 * The fields of the till's dialogs: the browser's own input, list and radio buttons, with a label,
 * a description and a message under them, drawn like the rest of the screen (pos.css). As light as
 * the bill's fields (BillInputs.tsx), so the dialogs cost the till's first load little.
 */
type Framed = { label?: ReactNode; description?: ReactNode; error?: ReactNode };

function Frame({ id, label, description, error, children }: Framed & { id: string; children: ReactNode }) {
  return (
    <div className="pos-input">
      {label && (
        <label className="pos-input-label" htmlFor={id}>
          {label}
        </label>
      )}
      {description && (
        <p className="pos-input-description" id={`${id}-d`}>
          {description}
        </p>
      )}
      {children}
      {error && (
        <p className="pos-input-error" id={`${id}-e`}>
          {error}
        </p>
      )}
    </div>
  );
}

const described = (id: string, { description, error }: Framed) =>
  [description && `${id}-d`, error && `${id}-e`].filter(Boolean).join(" ") || undefined;

type InputProps = Framed &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { ref?: Ref<HTMLInputElement>; "data-autofocus"?: boolean; "data-testid"?: string };

export function TextField({ label, description, error, className, ...rest }: InputProps) {
  const id = useId();
  return (
    <Frame id={id} label={label} description={description} error={error}>
      <input
        id={id}
        className={className ? `pos-input-field ${className}` : "pos-input-field"}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, { label, description, error })}
        {...rest}
      />
    </Frame>
  );
}

/** A money field (thousands separators as you type, as the back office's MoneyInput). */
export function MoneyField({
  value,
  onChange,
  ...rest
}: Omit<InputProps, "value" | "onChange" | "onBlur"> & { value: string; onChange: (v: string) => void }) {
  const money = useMoneyText(value, onChange, false);
  return <TextField {...rest} {...money} />;
}

export function SelectField({
  label,
  description,
  error,
  options,
  placeholder,
  ...rest
}: Framed &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
    options: { value: string; label: string }[];
    placeholder?: string;
    "data-autofocus"?: boolean;
    "data-testid"?: string;
  }) {
  const id = useId();
  return (
    <Frame id={id} label={label} description={description} error={error}>
      <select id={id} className="pos-input-field" aria-describedby={described(id, { label, description, error })} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** One of a few choices side by side (the currencies): radio buttons, arrow keys move between them. */
export function Choice({
  labelledBy,
  value,
  options,
  onChange,
  testId,
}: {
  labelledBy: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
  testId?: string;
}) {
  const name = useId();
  return (
    <div className="pos-choice" role="radiogroup" aria-labelledby={labelledBy} data-testid={testId}>
      {options.map((o) => (
        <label key={o.value} className="pos-choice-option">
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

/** A coloured box with a title: the payment's change or what is still due. */
export function Notice({ color, title, children }: { color: "green" | "orange"; title: ReactNode; children: ReactNode }) {
  return (
    <div className={`pos-notice pos-notice-${color}`} role="status">
      <div className="pos-notice-title">{title}</div>
      {children}
    </div>
  );
}
