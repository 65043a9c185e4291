import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { FormEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useConfirmDelete } from '../../components/ConfirmDelete';
import type { Message } from '../../components/MessageArea';
import { useOwner, type OwnerState } from './owner';
import { useRemoveRecord, useSaveRecord, type RecordApi, type RecordBody } from './recordApi';
import { useSchemaForm } from './schemaForm';

/**
 * The add and detail form of a record, on useSchemaForm (schemaForm.ts, which validates with the
 * record's shared body schema and puts the server's errors on the inputs):
 * - saves through registerX with the owner acted for;
 * - after creating it shows 'Cadastro concluído!' and opens the new record's detail page
 *   (replacing the add page in the history, so Back leads to the list, not to a form that would
 *   create a second record); after updating it shows 'Concluído!' and stays;
 * - deletes through useConfirmDelete, then returns to the list.
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
  const schemaForm = useSchemaForm<V>({ schema: api.body, initialValues: valuesOf(record), toBody });
  const { form } = schemaForm;

  const onSubmit = schemaForm.onSubmit((values) =>
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
        onError: (error) => schemaForm.showFailure(error),
      },
    ),
  );

  const askDelete = () => {
    if (!record) return;
    askConfirm({
      itemName: itemName(record),
      onConfirm: () => remove.mutateAsync(record.id),
      onDeleted: () => navigate(paths.list),
    });
  };

  return {
    form,
    record,
    isNew: !record,
    owner,
    formProps: { onSubmit, ref: schemaForm.ref, noValidate: true },
    saving: save.isPending,
    deleting: remove.isPending,
    message: schemaForm.message,
    askDelete,
    errorOf: schemaForm.errorOf,
  };
}
