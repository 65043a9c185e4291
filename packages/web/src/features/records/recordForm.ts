import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { useConfirmDelete } from '../../components/ConfirmDelete';
import type { Message } from '../../components/MessageArea';
import i18n from '../../i18n';
import { useOwner, type OwnerState } from './owner';
import { useRemoveRecord, useSaveRecord, type RecordApi, type RecordBody } from './recordApi';

/**
 * The add and detail form of a record, on @mantine/form:
 * - validates with the record's shared body schema (the server's own rules) through
 *   mantine-form-zod-resolver; zod messages are error codes (FIELD_REQUIRED …), shown as
 *   `errors.<CODE>` in the current language;
 * - saves through registerX with the owner acted for, maps the server's field errors onto the
 *   inputs (errors[].field is a form path such as `aviarios.0.nome`) and shows any other error
 *   in the message area;
 * - after creating it shows 'Cadastro concluído!' and opens the new record's detail page
 *   (replacing the add page in the history, so Back leads to the list, not to a form that would
 *   create a second record); after updating it shows 'Concluído!' and stays;
 * - deletes through useConfirmDelete, then returns to the list.
 * Every input given `form.getInputProps(path)` gets the test id `field-<path>` (dots as dashes).
 */
export interface RecordFormOptions<T extends { id: number }, B extends z.ZodType, V extends object> {
  api: RecordApi<T, B>;
  /** The stored record on the detail page; absent on the add page. */
  record?: T;
  /** The form values of a record, or of an empty form. */
  valuesOf: (record?: T) => V;
  /** The body to send (the helper adds id and prop). Emptied number inputs hold '': send NaN. */
  toBody: (values: V) => RecordBody<B>;
  /** How the delete dialog names the record ("o núcleo Boa Vista"). */
  itemName: (record: T) => string;
  paths: { list: string; detail: (record: T) => string };
}

export interface RecordFormState<T extends { id: number }, V extends object> {
  form: UseFormReturnType<V>;
  record?: T;
  isNew: boolean;
  owner: OwnerState;
  /** Spread on the <form> element. */
  formProps: { onSubmit: (event?: FormEvent<HTMLFormElement>) => void; ref: RefObject<HTMLFormElement | null>; noValidate: true };
  saving: boolean;
  deleting: boolean;
  message: Message | null;
  /** Opens the 'Atenção' dialog for the record shown (detail page only). */
  askDelete: () => void;
  /** The translated error of a path that is not an input (a list's own rule, e.g. DUPLICATE_NAME). */
  errorOf: (path: string) => string | undefined;
}

/** An error kept as a code or as the server's words, in the current language. */
export function errorLabel(error: ReactNode): ReactNode {
  return typeof error === 'string' && i18n.exists(`errors.${error}`) ? i18n.t(`errors.${error}`) : error;
}

function valueAt(values: unknown, path: string): unknown {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export const fieldTestId = (path: string) => `field-${path.replaceAll('.', '-')}`;

export function useRecordForm<T extends { id: number }, B extends z.ZodType, V extends object>(
  options: RecordFormOptions<T, B, V>,
): RecordFormState<T, V> {
  const { api, record, valuesOf, toBody, itemName, paths } = options;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const owner = useOwner();
  const askConfirm = useConfirmDelete();
  const save = useSaveRecord(api);
  const remove = useRemoveRecord(api);
  const [message, setMessage] = useState<Message | null>(null);
  const ref = useRef<HTMLFormElement>(null);

  const resolve = zod4Resolver(api.body, { errorPriority: 'first' });
  const form = useForm<V>({
    initialValues: valuesOf(record),
    // The last outcome stops applying once the user changes something (and frees room on a phone).
    onValuesChange: () => setMessage(null),
    validate: (values) => {
      const errors = resolve(toBody(values));
      // An emptied number input holds '' (sent as NaN): that is a missing value, not a wrong one.
      for (const [path, code] of Object.entries(errors)) {
        if (code === 'FIELD_INVALID' && valueAt(values, path) === '') errors[path] = 'FIELD_REQUIRED';
      }
      return errors;
    },
    // Errors are kept as codes and translated while rendering, so a language switch applies.
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
    if (Object.keys(onFields).length > 0) {
      form.setErrors(onFields);
      setMessage({ tone: 'error', text: t('records.form.checkFields') });
      focusFirstError();
    } else {
      setMessage({ tone: 'error', text: errorText(error, t) });
    }
  };

  const onSubmit = form.onSubmit(
    (values) => {
      setMessage(null);
      save.mutate(
        { body: toBody(values), id: record?.id },
        {
          onSuccess: (saved) => {
            if (record) {
              notifications.show({ color: 'field', message: t('feedback.done') });
              const next = valuesOf(saved);
              form.setInitialValues(next);
              form.setValues(next);
              form.resetDirty(next);
            } else {
              notifications.show({ color: 'field', message: t('feedback.registered') });
              navigate(paths.detail(saved), { replace: true });
            }
          },
          onError: showFailure,
        },
      );
    },
    () => {
      setMessage({ tone: 'error', text: t('records.form.checkFields') });
      focusFirstError();
    },
  );

  const askDelete = () => {
    if (!record) return;
    askConfirm({
      itemName: itemName(record),
      onConfirm: () => remove.mutateAsync(record.id),
      onDeleted: () => navigate(paths.list),
    });
  };

  const errors = form.errors;
  return {
    form,
    record,
    isNew: !record,
    owner,
    formProps: { onSubmit, ref, noValidate: true },
    saving: save.isPending,
    deleting: remove.isPending,
    message,
    askDelete,
    errorOf: (path) => {
      const error = errors[path];
      return error ? String(errorLabel(error)) : undefined;
    },
  };
}
