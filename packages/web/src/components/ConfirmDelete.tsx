import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/errorText';
import { MessageArea, type Message } from './MessageArea';

export interface ConfirmDeleteRequest {
  /** How the item is named in the question, e.g. "Flock 12". */
  itemName: string;
  /** The delete call; the dialog stays busy until it settles. */
  onConfirm: () => Promise<unknown>;
  /** Runs after a successful delete (refresh a list, leave a detail page …). */
  onDeleted?: () => void;
}

type Ask = (request: ConfirmDeleteRequest) => void;

const ConfirmDeleteContext = createContext<Ask | null>(null);

/**
 * The one deletion dialog of spec section 5: 'Atenção', the named item, 'cancelar' and 'apagar';
 * only apagar proceeds, it stays busy while the call runs and ends with 'Apagado!'.
 */
export function ConfirmDeleteProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ConfirmDeleteRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const ask = useCallback<Ask>((next) => {
    setMessage(null);
    setRequest(next);
  }, []);

  const close = () => {
    if (!busy) setRequest(null);
  };

  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    setMessage(null);
    try {
      await request.onConfirm();
      setRequest(null);
      notifications.show({ color: 'field', message: t('feedback.deleted') });
      request.onDeleted?.();
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDeleteContext.Provider value={ask}>
      {children}
      <Modal
        opened={request !== null}
        onClose={close}
        closeOnClickOutside={!busy}
        closeOnEscape={!busy}
        withCloseButton={false}
        centered
        title={
          <Group gap="xs">
            <IconAlertTriangle size={22} color="var(--mantine-color-orange-6)" />
            <Text fw={700} size="lg">
              {t('confirm.title')}
            </Text>
          </Group>
        }
      >
        <Stack gap="md">
          <Text data-testid="confirm-text">{t('confirm.deleteItem', { item: request?.itemName ?? '' })}</Text>
          <MessageArea message={message} testId="confirm-message" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy} data-testid="confirm-cancel">
              {t('confirm.cancel')}
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={busy} data-testid="confirm-delete">
              {t('confirm.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </ConfirmDeleteContext.Provider>
  );
}

/** Asks before deleting; use for every delete of the portal. */
export function useConfirmDelete(): Ask {
  const ask = useContext(ConfirmDeleteContext);
  if (!ask) throw new Error('useConfirmDelete needs a ConfirmDeleteProvider');
  return ask;
}
