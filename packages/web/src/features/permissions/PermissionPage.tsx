import { Button, Group, Loader, MultiSelect, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingCommunity, IconUserMinus } from '@tabler/icons-react';
import { NIVEIS, setPermissoesBody, type Nivel, type Permissao, type SetPermissoesBody } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useConfirmDelete } from '../../components/ConfirmDelete';
import { PageFrame } from '../../components/PageFrame';
import { RadioCards } from '../../components/RadioCards';
import { ListError, ListLoading } from '../records/ListTable';
import { NotFoundPanel } from '../records/NoticePanel';
import { RecordSection, SaveBar, SaveButton } from '../records/RecordFormPage';
import { useSchemaForm } from '../records/schemaForm';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { permissionPath, PERMISSIONS_PATH, useMyFarms, usePermissions, useSetPermission } from './api';
import { NivelBadge } from './NivelBadge';

type Alcance = 'todos' | 'nucleos';

interface PermissionValues {
  email: string;
  nivel: Nivel;
  /** All my data, or the farms chosen below. */
  alcance: Alcance;
  nucleos: string[];
}

const permissionValues = (grant?: Permissao): PermissionValues => ({
  email: grant?.email ?? '',
  nivel: grant?.nivel ?? 'leitura',
  alcance: grant?.nucleos ? 'nucleos' : 'todos',
  nucleos: (grant?.nucleos ?? []).map((farm) => String(farm.id)),
});

const permissionBody = (values: PermissionValues): SetPermissoesBody => ({
  email: values.email,
  nivel: values.nivel,
  nucleos: values.alcance === 'todos' ? null : values.nucleos.map(Number),
});

/**
 * permissoes/add and permissoes/:iduser: the e-mail of an existing account, the level (read or
 * manage, each explained) and the scope (all my data, or some of my farms). Saving a new grant
 * opens its page; a failed save stays on the form with the translated error on the e-mail
 * (USER_NOT_FOUND, PERMISSION_SELF) — spec section 8: the completion does not run. On a grant's
 * page, 'Remove access' sends nivel 'nenhum' through the confirmation dialog.
 * Test ids: `record-form`, `field-email`, `field-nivel` (cards `nivel-<level>`), `field-alcance`,
 * `field-nucleos`, `record-save`, `record-message`, `permission-remove`, `record-not-found`.
 */
function PermissionForm({ route, grant }: { route: ScreenRoute; grant?: Permissao }) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const navigate = useNavigate();
  const askConfirm = useConfirmDelete();
  const farms = useMyFarms();
  const save = useSetPermission();
  const state = useSchemaForm<PermissionValues>({ schema: setPermissoesBody, initialValues: permissionValues(grant), toBody: permissionBody });
  const { form } = state;

  const submit = state.onSubmit((values) =>
    save.mutate(permissionBody(values), {
      onSuccess: (answer) => {
        if (grant) {
          notifications.show({ color: 'field', message: t('feedback.done') });
          const saved = answer.permissoes.find((entry) => entry.iduser === grant.iduser);
          if (saved) form.resetDirty(permissionValues(saved));
          return;
        }
        notifications.show({ color: 'field', message: t('feedback.registered') });
        const email = values.email.trim().toLowerCase();
        const created = answer.permissoes.find((entry) => entry.email.toLowerCase() === email);
        navigate(created ? permissionPath(created) : PERMISSIONS_PATH, { replace: true });
      },
      onError: state.showFailure,
    }),
  );

  const remove = () => {
    if (!grant) return;
    askConfirm({
      itemName: t('permissions.itemName', { name: grant.nome || grant.email }),
      onConfirm: () => save.mutateAsync({ email: grant.email, nivel: 'nenhum', nucleos: null }),
      onDeleted: () => navigate(PERMISSIONS_PATH),
    });
  };

  const { alcance } = form.values;
  const farmOptions = (farms.data ?? []).map((farm) => ({ value: String(farm.id), label: farm.nome }));
  // A granted farm deleted since still shows by name until the grant is saved again.
  for (const farm of grant?.nucleos ?? []) {
    if (!farmOptions.some((option) => option.value === String(farm.id))) farmOptions.push({ value: String(farm.id), label: farm.nome || `#${farm.id}` });
  }

  return (
    <PageFrame
      {...heading}
      title={grant ? grant.nome || grant.email : heading.title}
      description={grant ? grant.email : heading.description}
      badges={grant ? <NivelBadge nivel={grant.nivel} /> : null}
    >
      <form ref={state.ref} onSubmit={submit} noValidate data-testid="record-form">
        <Stack gap="lg">
          <RecordSection title={t('permissions.form.who')} description={grant ? undefined : t('permissions.form.whoHint')}>
            <TextInput
              label={t('permissions.form.email')}
              type="email"
              required
              readOnly={grant !== undefined}
              variant={grant ? 'filled' : 'default'}
              autoComplete="off"
              inputMode="email"
              maxLength={254}
              {...form.getInputProps('email')}
            />
          </RecordSection>

          <RecordSection title={t('permissions.form.level')}>
            <Radio.Group {...form.getInputProps('nivel')} aria-label={t('permissions.form.level')}>
              <RadioCards
                options={NIVEIS.map((nivel) => ({
                  value: nivel,
                  label: t(`permissions.nivel.${nivel}`),
                  hint: t(`permissions.nivelHint.${nivel}`),
                  testId: `nivel-${nivel}`,
                }))}
              />
            </Radio.Group>
            <Text size="sm" c="dimmed" mt="sm">
              {t('permissions.form.ownerOnly')}
            </Text>
          </RecordSection>

          <RecordSection title={t('permissions.form.scope')} description={t('permissions.form.scopeHint')}>
            <Stack gap="md">
              <SegmentedControl
                fullWidth
                size="md"
                data={[
                  { value: 'todos', label: t('permissions.scope.all') },
                  { value: 'nucleos', label: t('permissions.scope.some') },
                ]}
                {...form.getInputProps('alcance')}
              />
              {alcance === 'nucleos' &&
                (farms.isPending ? (
                  <Loader size="sm" />
                ) : farmOptions.length === 0 ? (
                  <Text c="dimmed" data-testid="permission-no-farms">
                    {t('permissions.form.noFarms')}
                  </Text>
                ) : (
                  <MultiSelect
                    size="md"
                    label={t('permissions.form.farms')}
                    placeholder={form.values.nucleos.length === 0 ? t('permissions.form.farmsPlaceholder') : undefined}
                    data={farmOptions}
                    searchable
                    clearable
                    required
                    hidePickedOptions
                    nothingFoundMessage={t('permissions.form.nothingFound')}
                    leftSection={<IconBuildingCommunity size={18} />}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps('nucleos')}
                  />
                ))}
            </Stack>
          </RecordSection>

          <SaveBar message={state.message}>
            <Group justify={grant ? 'space-between' : 'flex-end'} gap="sm" wrap="nowrap">
              {grant && (
                <Button variant="subtle" color="red" leftSection={<IconUserMinus size={18} />} onClick={remove} disabled={save.isPending} data-testid="permission-remove">
                  {t('permissions.form.remove')}
                </Button>
              )}
              <SaveButton loading={save.isPending} text={grant ? undefined : t('permissions.form.grant')} />
            </Group>
          </SaveBar>
        </Stack>
      </form>
    </PageFrame>
  );
}

/** permissoes/add (no iduser) and permissoes/:iduser (one of the grants I gave). */
export default function PermissionPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const { iduser } = useParams();
  const grants = usePermissions();
  if (iduser === undefined) return <PermissionForm route={route} />;

  const grant = grants.data?.find((entry) => String(entry.iduser) === iduser);
  if (grant) return <PermissionForm key={grant.iduser} route={route} grant={grant} />;

  let body;
  if (grants.isPending) body = <ListLoading />;
  else if (grants.isError) body = <ListError error={grants.error} onRetry={() => void grants.refetch()} retrying={grants.isFetching} />;
  else body = <NotFoundPanel text={t('permissions.form.notFound')} listPath={PERMISSIONS_PATH} />;
  return (
    <PageFrame title={heading.title} crumbs={heading.crumbs} backTo={heading.backTo}>
      {body}
    </PageFrame>
  );
}
