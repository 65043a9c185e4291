import { useForm, type UseFormReturnType } from '@mantine/form';
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import type { Message } from '../../components/MessageArea';
import i18n from '../../i18n';
import { schemaErrors, valueAt, type SchemaRules } from './schemaErrors';

/**
 * A form checked with a shared body schema (the server's own rules), on @mantine/form. The base
 * of useRecordForm (recordForm.ts), and used alone where saving is the screen's own business:
 * registering a device first shows its credentials, a permission is saved by e-mail, the
 * integration settings edit in a drawer, a silo movement answers movements, not a record.
 * - zod messages are error codes (FIELD_REQUIRED …), kept as codes and shown as `errors.<CODE>`
 *   while rendering, so a language switch applies;
 * - the server's field errors (errors[].field, a form path such as `aviarios.0.nome`) land on
 *   the matching inputs, any other error in the message area;
 * - every input given `form.getInputProps(path)` gets the test id `field-<path>` (dots as dashes).
 */
export interface SchemaFormOptions<V extends object> extends SchemaRules<V> {
  initialValues: V;
  /**
   * Say the server's own words in the message area even when its refusal lands on an input
   * (silo movements: why the balance refuses); by default the area says to check the fields.
   */
  serverMessage?: boolean;
}

export interface SchemaFormState<V extends object> {
  form: UseFormReturnType<V>;
  message: Message | null;
  setMessage: (message: Message | null) => void;
  ref: RefObject<HTMLFormElement | null>;
  /** Wraps the save: runs it only when the fields pass the schema, else says what to fix. */
  onSubmit: (save: (values: V) => void) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Shows a failed save: field errors on their inputs, anything else in the message area. */
  showFailure: (error: unknown) => void;
  /** The translated error of a path that is not an input (a list's own rule, e.g. DUPLICATE_NAME). */
  errorOf: (path: string) => string | undefined;
}

/** An error kept as a code or as the server's words, in the current language. */
export function errorLabel(error: ReactNode): ReactNode {
  return typeof error === 'string' && i18n.exists(`errors.${error}`) ? i18n.t(`errors.${error}`) : error;
}

export const fieldTestId = (path: string) => `field-${path.replaceAll('.', '-')}`;

/**
 * getInputProps for a PasswordInput. Mantine marks only its wrapper as invalid, so the inner input
 * says so itself: a screen reader hears it, and a failed check focuses it like any other input.
 */
export function passwordInputProps<V>(form: UseFormReturnType<V>, path: string) {
  const props = form.getInputProps(path);
  return { ...props, 'aria-invalid': props.error ? true : undefined };
}

export function useSchemaForm<V extends object>(options: SchemaFormOptions<V>): SchemaFormState<V> {
  const { initialValues, serverMessage = false } = options;
  const { t } = useTranslation();
  const [message, setMessage] = useState<Message | null>(null);
  const ref = useRef<HTMLFormElement>(null);

  const form = useForm<V>({
    initialValues,
    // The last outcome stops applying once the user changes something (and frees room on a phone).
    onValuesChange: () => setMessage(null),
    validate: (values) => schemaErrors(options, values),
    enhanceGetInputProps: ({ inputProps, field }) => ({
      error: errorLabel(inputProps.error as ReactNode),
      'data-testid': fieldTestId(String(field)),
    }),
  });

  // After a failed check, take the user to the first field to fix (it may be far up on a phone).
  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      invalid?.focus({ preventScroll: true });
    });

  const showFailure = (error: unknown) => {
    const values = form.getValues();
    const onFields: Record<string, string> = {};
    if (error instanceof ApiError) {
      for (const entry of error.errors) {
        if (!entry.field || onFields[entry.field] || valueAt(values, entry.field) === undefined) continue;
        onFields[entry.field] = i18n.exists(`errors.${entry.code}`) ? entry.code : entry.msg;
      }
    }
    const onInputs = Object.keys(onFields).length > 0;
    if (onInputs) {
      form.setErrors(onFields);
      focusFirstError();
    }
    setMessage({ tone: 'error', text: onInputs && !serverMessage ? t('records.form.checkFields') : errorText(error, t) });
  };

  const onSubmit = (save: (values: V) => void) =>
    form.onSubmit(
      (values) => {
        setMessage(null);
        save(values);
      },
      () => {
        setMessage({ tone: 'error', text: t('records.form.checkFields') });
        focusFirstError();
      },
    );

  const errorOf = (path: string) => {
    const error = form.errors[path];
    return error ? String(errorLabel(error)) : undefined;
  };

  return { form, message, setMessage, ref, onSubmit, showFailure, errorOf };
}
