import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { idField } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { MessageArea, type Message } from '../../components/MessageArea';
import { PageFrame } from '../../components/PageFrame';
import type { ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { ListError, ListLoading } from './ListTable';
import { NotFoundPanel } from './NoticePanel';
import { OwnerBadge, ReadOnlyBadge } from './OwnerPicker';
import { useRecord, type RecordApi } from './recordApi';
import classes from './RecordFormPage.module.css';
import type { RecordFormState } from './recordForm';

/**
 * The pieces of a record's add and detail screens (with useRecordForm in recordForm.ts):
 * - RecordLoader: loads the record of the url's `:id` and renders the form with it, or a
 *   loading, not-found or error (with retry) state;
 * - RecordFormFrame: title and trail, owner badges, the <form>, the message area and the action
 *   bar (Save, and Delete on the detail page) kept in view at the bottom of the screen;
 * - RecordSection: one titled card of fields.
 * A read-only owner sees the fields disabled and no Save or Delete.
 *
 * Test ids: `record-loading`, `record-not-found` with `record-back`, `record-error` with
 * `record-retry`, `record-form`, `record-save`, `record-delete`, `record-message`,
 * `field-<path>` on every input (dots as dashes: `field-aviarios-0-nome`), `owner-name`,
 * `owner-read-only`.
 */

const recordId = idField();

/** The `:id` of the url as a record id; null when it cannot be one (`/nucleos/abc`). */
export function useRecordId(): number | null {
  const { id } = useParams();
  const parsed = recordId.safeParse(Number(id));
  return parsed.success ? parsed.data : null;
}

interface RecordLoaderProps<T extends { id: number }, B extends z.ZodType> {
  route: ScreenRoute;
  api: RecordApi<T, B>;
  /** The list, for the not-found state's way back. */
  listPath: string;
  /** What to say when the record does not exist (or is not the owner's): 'This farm was not found.' */
  notFound: string;
  /** Keyed by id by the loader, so another record never shows this one's values. */
  children: (record: T) => ReactNode;
}

export function RecordLoader<T extends { id: number }, B extends z.ZodType>({ route, api, listPath, notFound, children }: RecordLoaderProps<T, B>) {
  const heading = useScreenHeading(route);
  const id = useRecordId();
  const query = useRecord(api, id);

  const missing = id === null || (query.error instanceof ApiError && query.error.status === 404);
  // Once loaded, the form stays even if a later refresh fails (it would lose the user's edits),
  // unless the record is gone.
  if (query.data && !missing) return <Box key={query.data.id}>{children(query.data)}</Box>;

  let body: ReactNode;
  if (missing) body = <NotFoundPanel text={notFound} listPath={listPath} />;
  else if (query.isError) body = <ListError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else body = <ListLoading />;
  return (
    <PageFrame title={heading.title} crumbs={heading.crumbs} backTo={heading.backTo}>
      {body}
    </PageFrame>
  );
}

interface RecordFormFrameProps<T extends { id: number }, V extends object> {
  route: ScreenRoute;
  state: RecordFormState<T, V>;
  /** The record's name on the detail page; the screen's title ('New farm') when absent. */
  title?: string;
  /** Small facts beside the title (after the owner badges), e.g. 'Active flocks: 2'. */
  badges?: ReactNode;
  /** Parent crumbs named after their records (useScreenHeading's `parentNames`). */
  parentNames?: Partial<Record<string, string>>;
  children: ReactNode;
}

export function RecordFormFrame<T extends { id: number }, V extends object>({ route, state, title, badges, parentNames, children }: RecordFormFrameProps<T, V>) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route, parentNames);
  const { owner } = state;
  return (
    <PageFrame
      {...heading}
      title={title || heading.title}
      badges={
        <>
          <OwnerBadge owner={owner} />
          <ReadOnlyBadge owner={owner} />
          {badges}
        </>
      }
    >
      <form {...state.formProps} data-testid="record-form">
        <Stack gap="lg">
          {/* A disabled fieldset disables every input inside: a read-only owner can look, not edit. */}
          <fieldset
            disabled={!owner.canWrite}
            className={owner.canWrite ? undefined : classes.readOnly}
            style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
          >
            <Stack gap="lg">{children}</Stack>
          </fieldset>
          <SaveBar message={state.message} canWrite={owner.canWrite}>
            <Group justify={state.isNew ? 'flex-end' : 'space-between'} gap="sm" wrap="nowrap">
              {!state.isNew && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={18} />}
                  onClick={state.askDelete}
                  disabled={state.saving}
                  data-testid="record-delete"
                >
                  {t('records.form.delete')}
                </Button>
              )}
              <SaveButton loading={state.saving} disabled={state.deleting} />
            </Group>
          </SaveBar>
        </Stack>
      </form>
    </PageFrame>
  );
}

interface SaveBarProps {
  message: Message | null;
  /** Without write access there is nothing to save: only the message shows. */
  canWrite?: boolean;
  bottom?: string | number;
  children: ReactNode;
}

/**
 * The bar with a form's buttons, kept in view at the bottom: on a phone the fields are long and
 * Save must be reachable; the outcome of the last save (`record-message`) shows right above it.
 */
export function SaveBar({ message, canWrite = true, bottom = 'var(--mantine-spacing-sm)', children }: SaveBarProps) {
  if (!canWrite) return <MessageArea message={message} testId="record-message" />;
  return (
    <Paper withBorder radius="lg" p="sm" shadow="sm" style={{ position: 'sticky', bottom, zIndex: 3 }}>
      {message && (
        <Box mb="sm">
          <MessageArea message={message} testId="record-message" />
        </Box>
      )}
      {children}
    </Paper>
  );
}

interface SaveButtonProps {
  loading: boolean;
  disabled?: boolean;
  /** Default 'Save'. */
  text?: string;
  testId?: string;
}

/** The submit button of a form; test id `record-save` unless told. */
export function SaveButton({ loading, disabled, text, testId = 'record-save' }: SaveButtonProps) {
  const { t } = useTranslation();
  return (
    <Button type="submit" leftSection={<IconDeviceFloppy size={20} />} loading={loading} disabled={disabled} data-testid={testId}>
      {text ?? t('common.save')}
    </Button>
  );
}

/** One titled card of fields. */
export function RecordSection({ title, description, actions, children }: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Box>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" mt={2}>
              {description}
            </Text>
          )}
        </Box>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
