import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

export type MessageTone = 'error' | 'success' | 'info';

export interface Message {
  tone: MessageTone;
  text: string;
}

const LOOK = {
  error: { color: 'red', icon: IconAlertCircle },
  success: { color: 'field', icon: IconCircleCheck },
  info: { color: 'blue', icon: IconInfoCircle },
} as const;

/** The message area of a form (spec section 8): present only while there is something to say. */
export function MessageArea({ message, testId }: { message: Message | null; testId: string }) {
  if (!message) return null;
  const { color, icon: Icon } = LOOK[message.tone];
  return (
    <Alert
      data-testid={testId}
      data-tone={message.tone}
      role={message.tone === 'error' ? 'alert' : 'status'}
      color={color}
      variant="light"
      icon={<Icon size={20} />}
    >
      {message.text}
    </Alert>
  );
}
