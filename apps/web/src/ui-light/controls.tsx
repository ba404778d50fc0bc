import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControl } from './LightForm';
import './light.css';

/**
 * The login page's controls: plain elements styled like the app's antd ones (light.css), so
 * the first page a visitor loads carries no component library (issue 13: under 250 KB).
 */

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'type'>;

/** The attributes every control bound to a field gets. */
function boundAttributes<T>(control: FieldControl<T>) {
  return {
    id: control.id,
    'aria-invalid': control.invalid || undefined,
    'aria-describedby': control.invalid ? control.errorId : undefined,
  };
}

export function TextInput({
  control,
  inputRef,
  ...rest
}: InputAttributes & { control: FieldControl<string>; inputRef?: Ref<HTMLInputElement> }) {
  return (
    <input
      {...rest}
      {...boundAttributes(control)}
      ref={inputRef}
      type="text"
      className="lt-input"
      value={control.value ?? ''}
      onChange={(event) => control.onChange(event.target.value)}
    />
  );
}

/** A password with a button that shows or hides it. */
export function PasswordInput({ control, ...rest }: InputAttributes & { control: FieldControl<string> }) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <span className="lt-affix">
      <input
        {...rest}
        {...boundAttributes(control)}
        type={visible ? 'text' : 'password'}
        className="lt-input"
        value={control.value ?? ''}
        onChange={(event) => control.onChange(event.target.value)}
      />
      <button
        type="button"
        className="lt-affix-button"
        aria-label={visible ? t('hidePassword') : t('showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? t('hide') : t('show')}
      </button>
    </span>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A native select: keyboard and screen readers work as everywhere; "" is no choice. */
export function SelectInput({
  control,
  options,
  placeholder,
  clearable = false,
  ...rest
}: {
  control: FieldControl<string>;
  options: readonly SelectOption[];
  placeholder: string;
  clearable?: boolean;
  'data-testid'?: string;
  'aria-label'?: string;
  className?: string;
}) {
  const value = control.value ?? '';
  return (
    <select
      {...rest}
      {...boundAttributes(control)}
      className={`lt-input lt-select${value === '' ? ' lt-placeholder' : ''} ${rest.className ?? ''}`}
      value={value}
      onChange={(event) => control.onChange(event.target.value === '' ? undefined : event.target.value)}
    >
      <option value="" disabled={!clearable}>
        {placeholder}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export function CheckboxInput({
  control,
  children,
  ...rest
}: {
  control: FieldControl<boolean>;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <label className="lt-checkbox">
      <input
        {...rest}
        {...boundAttributes(control)}
        type="checkbox"
        checked={control.value === true}
        onChange={(event) => control.onChange(event.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}

export function Button({
  variant = 'default',
  block = false,
  loading = false,
  children,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'default' | 'link';
  block?: boolean;
  loading?: boolean;
  'data-testid'?: string;
}) {
  return (
    <button
      type="button"
      {...rest}
      disabled={rest.disabled || loading}
      aria-busy={loading || undefined}
      className={`lt-button lt-button-${variant}${block ? ' lt-block' : ''} ${className ?? ''}`}
    >
      {loading && <span className="lt-spinner" aria-hidden />}
      {children}
    </button>
  );
}

export interface Choice<K extends string> {
  key: K;
  label: ReactNode;
  testId?: string;
}

/** Moves between the tabs of a tab list with the arrow keys, Home and End (WAI-ARIA tabs). */
function useArrowKeys<K extends string>(choices: readonly Choice<K>[], active: K, pick: (key: K) => void) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = choices.findIndex((choice) => choice.key === active);
    const last = choices.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const key = choices[next]!.key;
    pick(key);
    refs.current.get(key)?.focus();
  };
  const refOf = (key: K) => (element: HTMLButtonElement | null) => {
    if (element) refs.current.set(key, element);
    else refs.current.delete(key);
  };
  return { onKeyDown, refOf };
}

/** Two or more exclusive choices side by side (antd's Segmented): native radios, arrow keys included. */
export function ChoiceSwitch<K extends string>({
  choices,
  value,
  onChange,
  'aria-label': label,
}: {
  choices: readonly Choice<K>[];
  value: K;
  onChange: (key: K) => void;
  'aria-label': string;
}) {
  const name = useId();
  return (
    <fieldset className="lt-switch" aria-label={label}>
      {choices.map((choice) => (
        <label
          key={choice.key}
          className={`lt-switch-item${choice.key === value ? ' lt-active' : ''}`}
          data-testid={choice.testId}
        >
          <input
            type="radio"
            className="lt-visually-hidden"
            name={name}
            value={choice.key}
            checked={choice.key === value}
            onChange={() => onChange(choice.key)}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A tab list over one panel: only the active tab's content is mounted. */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  children,
}: {
  tabs: readonly Choice<K>[];
  active: K;
  onChange: (key: K) => void;
  children: ReactNode;
}) {
  const { onKeyDown, refOf } = useArrowKeys(tabs, active, onChange);
  return (
    <div className="lt-tabs">
      <div className="lt-tab-list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={refOf(tab.key)}
            type="button"
            role="tab"
            id={`lt-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls="lt-tab-panel"
            tabIndex={tab.key === active ? 0 : -1}
            className={`lt-tab${tab.key === active ? ' lt-active' : ''}`}
            data-testid={tab.testId}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="lt-tab-panel" role="tabpanel" id="lt-tab-panel" aria-labelledby={`lt-tab-${active}`}>
        {children}
      </div>
    </div>
  );
}
