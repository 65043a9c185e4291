import { Badge, Select, Tooltip } from '@mantine/core';
import { IconEye, IconUser, IconUsers } from '@tabler/icons-react';
import type { Proprietario } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import type { OwnerState } from './owner';

/** How an owner is named in pickers and badges: 'Name (you)', 'Name · Company' or the name. */
export function useOwnerLabel() {
  const { t } = useTranslation();
  return (owner: Proprietario) =>
    owner.nivel === 'proprietario'
      ? t('records.owner.self', { name: owner.nome })
      : owner.company
        ? t('records.owner.withCompany', { name: owner.nome, company: owner.company })
        : owner.nome;
}

/**
 * Chooses whose records a list shows (test id `owner-picker`). Shown only when the user may see
 * more than one owner: most accounts only ever see their own data and need no extra control.
 */
export function OwnerPicker({ owner }: { owner: OwnerState }) {
  const { t } = useTranslation();
  const label = useOwnerLabel();
  if (owner.owners.length < 2 || !owner.owner) return null;
  return (
    <Select
      aria-label={t('records.owner.label')}
      data={owner.owners.map((entry) => ({ value: String(entry.id), label: label(entry) }))}
      value={String(owner.owner.id)}
      onChange={(value) => value && owner.choose(Number(value))}
      allowDeselect={false}
      leftSection={<IconUsers size={18} />}
      w={{ base: '100%', xs: 280 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="owner-picker"
    />
  );
}

/** 'Read-only' (test id `owner-read-only`): why add, edit and delete are missing. */
export function ReadOnlyBadge({ owner }: { owner: OwnerState }) {
  const { t } = useTranslation();
  if (owner.canWrite) return null;
  return (
    <Tooltip label={t('records.owner.readOnlyHint')} multiline w={260} withArrow>
      <Badge variant="light" color="gray" size="lg" tt="none" leftSection={<IconEye size={14} />} data-testid="owner-read-only">
        {t('records.owner.readOnly')}
      </Badge>
    </Tooltip>
  );
}

/** On a record page: whose record this is when it is not the user's own (test id `owner-name`). */
export function OwnerBadge({ owner }: { owner: OwnerState }) {
  const label = useOwnerLabel();
  if (!owner.isOther || !owner.owner) return null;
  return (
    <Badge variant="light" color="blue" size="lg" tt="none" leftSection={<IconUser size={14} />} maw="100%" data-testid="owner-name">
      {label(owner.owner)}
    </Badge>
  );
}
