import {
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldCheck, FormStore, type FormValues } from './form-store';

const StoreContext = createContext<FormStore | null>(null);
/** The form marks optional fields instead of required ones (the sign-up form). */
const OptionalMarkContext = createContext(false);

/** A form's store, created once with the initial values. */
export function useLightFormStore(initial: () => FormValues): FormStore {
  const [store] = useState(() => new FormStore(initial()));
  return store;
}

/** The store of the surrounding LightForm. */
export function useFormStore(): FormStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useFormStore outside a LightForm');
  return store;
}

/** Re-renders with every change of the store (values and errors). */
function useStoreVersion(store: FormStore): number {
  return useSyncExternalStore(store.subscribe, store.getVersion);
}

export interface LightFormProps<V> {
  store: FormStore;
  /** Called with the values once every field on screen passes its checks. */
  onFinish: (values: V) => void | Promise<void>;
  onValuesChange?: (values: V) => void;
  /** Mark the optional fields "(optional)" rather than nothing. */
  optionalMark?: boolean;
  children: ReactNode;
  'aria-label'?: string;
}

/** A form of light fields: Enter or the submit button checks every field, then calls onFinish. */
export function LightForm<V>(props: LightFormProps<V>) {
  const { store, onFinish, onValuesChange, optionalMark = false, children } = props;
  useEffect(() => {
    store.setChangeListener(onValuesChange as ((values: FormValues) => void) | undefined);
    return () => store.setChangeListener(undefined);
  }, [store, onValuesChange]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.validate()) await onFinish(store.getValues() as V);
  };

  return (
    <StoreContext.Provider value={store}>
      <OptionalMarkContext.Provider value={optionalMark}>
        <form className="lt-form" noValidate onSubmit={submit} aria-label={props['aria-label']}>
          {children}
        </form>
      </OptionalMarkContext.Provider>
    </StoreContext.Provider>
  );
}

/** What a field's control receives: its id, value, change handler and whether it is in error. */
export interface FieldControl<T> {
  id: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  invalid: boolean;
  /** The id of the error text, for aria-describedby. */
  errorId: string;
}

export interface LightFieldProps<T> {
  name: string;
  label?: ReactNode;
  required?: boolean;
  checks?: readonly FieldCheck[];
  /** Fields whose change checks this one again (once touched). */
  dependencies?: readonly string[];
  children: (control: FieldControl<T>) => ReactNode;
}

/** A labelled field of a LightForm with its error under it (role alert, like antd's). */
export function LightField<T>({ name, label, required, checks = [], dependencies = [], children }: LightFieldProps<T>) {
  const store = useFormStore();
  useStoreVersion(store);
  const id = useId();
  // The checks are usually written inline: the store reads the latest ones through a ref, so a
  // render does not take the field off and on again (which would clear its error).
  const latest = useRef({ checks, dependencies });
  latest.current = { checks, dependencies };
  useEffect(
    () =>
      store.register(name, {
        get checks() {
          return latest.current.checks;
        },
        get dependencies() {
          return latest.current.dependencies;
        },
      }),
    [store, name],
  );
  const error = store.error(name);
  const control: FieldControl<T> = {
    id,
    value: store.getValue(name) as T | undefined,
    onChange: (value) => store.setValue(name, value),
    invalid: error !== undefined,
    errorId: `${id}-error`,
  };
  return (
    <FieldFrame label={label} htmlFor={id} required={required} error={error} errorId={control.errorId}>
      {children(control)}
    </FieldFrame>
  );
}

export interface FieldFrameProps {
  label?: ReactNode;
  htmlFor?: string;
  required?: boolean;
  error?: string;
  errorId?: string;
  children: ReactNode;
}

/** The label, the control and the error of a field, laid out as the rest of the app lays them. */
export function FieldFrame({ label, htmlFor, required, error, errorId, children }: FieldFrameProps) {
  const { t } = useTranslation('auth');
  const optionalMark = useContext(OptionalMarkContext);
  return (
    <div className={`lt-field${error !== undefined ? ' lt-field-invalid' : ''}`}>
      {label && (
        <label className="lt-label" htmlFor={htmlFor}>
          {label}
          {optionalMark && !required && <span className="lt-optional">{t('optionalMark')}</span>}
        </label>
      )}
      {children}
      {error !== undefined && (
        <div className="lt-field-error" role="alert" id={errorId}>
          {error}
        </div>
      )}
    </div>
  );
}
