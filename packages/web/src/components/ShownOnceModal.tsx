import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A value the portal shows once (a device's broker login, a signing secret): it closes only
 * through its button (not by a stray tap outside or Escape), after the warning was in view.
 * Full screen on a phone. Test ids: `<testId>` on the content, `<warningTestId>`, `<doneTestId>`.
 */
export function ShownOnceModal(props: {
  opened: boolean;
  icon: ReactNode;
  title: string;
  warningTitle: string;
  warning: string;
  doneLabel: string;
  onDone: () => void;
  testId: string;
  doneTestId: string;
  /** Defaults to `<testId>-warning`. */
  warningTestId?: string;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onDone}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      centered
      fullScreen={phone}
      size="lg"
      title={
        <Group gap="xs" wrap="nowrap">
          {props.icon}
          <Text fw={700} size="lg">
            {props.title}
          </Text>
        </Group>
      }
    >
      {props.opened && (
        <Stack gap="md" data-testid={props.testId}>
          {props.children}
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={props.warningTitle} data-testid={props.warningTestId ?? `${props.testId}-warning`}>
            {props.warning}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={props.onDone} data-testid={props.doneTestId}>
              {props.doneLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
