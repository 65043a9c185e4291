import { Alert, Badge, Button, Center, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSearchOff } from '@tabler/icons-react';
import { MOVIMENTO_TIPOS, registerSiloMovBody, type MovimentoTipo, type Silo } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { DateInput } from '../../components/DateInput';
import { PageFrame } from '../../components/PageFrame';
import { requiredDate, todayMasked } from '../records/dates';
import { optionalId, requiredNumber, type NumberValue } from '../records/formValues';
import { useOwner } from '../records/owner';
import { RecordFormFrame, RecordLoader, RecordSection } from '../records/RecordFormPage';
import type { RecordFormState } from '../records/recordForm';
import { useRecordList } from '../records/recordApi';
import { useSchemaForm } from '../records/schemaForm';
import { useNumberFormat } from '../records/useNumberFormat';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { siloApi, siloPath, SILOS_PATH, useAddMovement, type MovementBody } from './api';
import { KgInput } from './KgInput';
import { KIND_LOOK } from './SiloStock';

interface MovementValues {
  data: string;
  quantidade_kg: NumberValue;
  silo_destino_id: string;
  nota_fiscal: string;
  obs: string;
}

function movementBody(silo: Silo, tipo: MovimentoTipo, values: MovementValues): MovementBody {
  return {
    idsilo: silo.id,
    tipo,
    data: requiredDate(values.data),
    quantidade_kg: requiredNumber(values.quantidade_kg),
    silo_destino_id: tipo === 'transferencia' ? optionalId(values.silo_destino_id) : null,
    nota_fiscal: tipo === 'entrada' ? values.nota_fiscal : '',
    obs: values.obs,
  };
}

/**
 * The movement form's state, shaped like useRecordForm's so RecordFormFrame frames it (title,
 * owner badges, message area, the Save bar). registersilomov answers the silo's movements, not a
 * record, so it saves by itself: after saving it shows 'Cadastro concluído!' and returns to the
 * silo; a refusal (SILO_BALANCE_NEGATIVE …) goes on its field and, translated, in the message area.
 */
function useMovementForm(silo: Silo, tipo: MovimentoTipo): RecordFormState<Silo, MovementValues> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const owner = useOwner();
  const add = useAddMovement();
  const state = useSchemaForm<MovementValues>({
    schema: registerSiloMovBody,
    initialValues: { data: todayMasked(), quantidade_kg: '', silo_destino_id: '', nota_fiscal: '', obs: '' },
    toBody: (values) => movementBody(silo, tipo, values),
    // The schema's own rules run once the fields parse; say these at the same time.
    moreErrors: (values) => ({
      ...(tipo === 'transferencia' && !values.silo_destino_id ? { silo_destino_id: 'FIELD_REQUIRED' } : {}),
      ...(typeof values.quantidade_kg === 'number' && (tipo === 'ajuste' ? values.quantidade_kg === 0 : values.quantidade_kg <= 0)
        ? { quantidade_kg: 'FIELD_OUT_OF_RANGE' }
        : {}),
    }),
    serverMessage: true,
  });

  const onSubmit = state.onSubmit((values) =>
    add.mutate(movementBody(silo, tipo, values), {
      onSuccess: () => {
        notifications.show({ color: 'field', message: t('feedback.registered') });
        // Back to the silo page it came from (Back then leaves the silo), or to the silo.
        if ((location.state as { fromSilo?: boolean } | null)?.fromSilo) navigate(-1);
        else navigate(siloPath(silo), { replace: true });
      },
      onError: (error) => state.showFailure(error),
    }),
  );

  return {
    form: state.form,
    isNew: true,
    owner,
    formProps: { onSubmit, ref: state.ref, noValidate: true },
    saving: add.isPending,
    deleting: false,
    message: state.message,
    askDelete: () => undefined,
    errorOf: state.errorOf,
  };
}

function MovementForm({ route, silo, tipo }: { route: ScreenRoute; silo: Silo; tipo: MovimentoTipo }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const state = useMovementForm(silo, tipo);
  const silos = useRecordList(siloApi);
  const { form } = state;
  const look = KIND_LOOK[tipo];
  const kg = (value: number) => t('silos.kg', { value: numbers.format(value, 1) });

  const destinations = (silos.data ?? [])
    .filter((entry) => entry.id !== silo.id)
    .map((entry) => ({ value: String(entry.id), label: `${entry.nome} · ${entry.nucleo_nome}` }));

  const quantity = form.values.quantidade_kg;
  const effect = typeof quantity === 'number' ? (tipo === 'entrada' || tipo === 'ajuste' ? quantity : -quantity) : 0;
  const after = Math.round((silo.saldo_kg + effect) * 10) / 10;

  return (
    <RecordFormFrame
      route={route}
      state={state}
      title={t(`silos.movement.title.${tipo}`)}
      parentNames={{ siloDetail: silo.nome }}
      badges={
        <Badge variant="light" color={look.color} size="lg" tt="none" leftSection={<look.icon size={14} />} maw="100%" data-testid="movement-silo">
          {silo.nome}
        </Badge>
      }
    >
      <RecordSection title={t('silos.movement.section')} description={t(`silos.movement.intro.${tipo}`)}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <DateInput
              label={t('silos.movement.date')}
              required
              size="md"
              {...form.getInputProps('data')}
              value={form.values.data}
              onChange={(value) => form.setFieldValue('data', value)}
            />
            <KgInput
              label={t('silos.movement.quantity')}
              description={tipo === 'ajuste' ? t('silos.movement.adjustHint') : t('silos.movement.quantityHint')}
              required
              allowNegative={tipo === 'ajuste'}
              {...form.getInputProps('quantidade_kg')}
            />
            {tipo === 'transferencia' && (
              <Select
                label={t('silos.movement.destination')}
                placeholder={t('silos.movement.destinationPlaceholder')}
                description={silos.isSuccess && destinations.length === 0 ? t('silos.movement.noOtherSilo') : undefined}
                required
                searchable
                data={destinations}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('silo_destino_id')}
                value={form.values.silo_destino_id || null}
                onChange={(value) => form.setFieldValue('silo_destino_id', value ?? '')}
              />
            )}
            {tipo === 'entrada' && (
              <TextInput
                label={t('silos.movement.invoice')}
                description={t('silos.movement.invoiceHint')}
                maxLength={40}
                autoComplete="off"
                {...form.getInputProps('nota_fiscal')}
              />
            )}
          </SimpleGrid>

          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid="movement-preview">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('silos.movement.balanceNow', { value: kg(silo.saldo_kg) })}</Text>
              <Text size="sm" fw={700} c={after < 0 ? 'red' : undefined} data-testid="movement-balance-after">
                {t('silos.movement.balanceAfter', { value: kg(after) })}
              </Text>
            </Group>
            {after < 0 && (
              <Group gap={6} mt={6} wrap="nowrap">
                <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" />
                <Text size="sm" c="red.8">
                  {t('silos.movement.negativeWarning')}
                </Text>
              </Group>
            )}
          </Paper>
        </Stack>
      </RecordSection>

      <RecordSection title={t('silos.movement.notes')}>
        <Textarea size="md" autosize minRows={2} maxRows={8} maxLength={2000} aria-label={t('silos.movement.notes')} {...form.getInputProps('obs')} />
      </RecordSection>
    </RecordFormFrame>
  );
}

/** A movement kind the url does not name (silos/3/foo). */
function UnknownKind({ route }: { route: ScreenRoute }) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  return (
    <PageFrame title={heading.title} crumbs={heading.crumbs} backTo={heading.backTo}>
      <Alert variant="light" color="gray" data-testid="movement-unknown">
        <Center>
          <Stack align="center" gap="md" maw={420}>
            <ThemeIcon size={56} radius="xl" variant="light" color="gray">
              <IconSearchOff size={30} />
            </ThemeIcon>
            <Text ta="center">{t('silos.movement.unknownKind')}</Text>
            <Button component={Link} to={heading.backTo ?? SILOS_PATH} variant="light">
              {t('silos.movement.backToSilo')}
            </Button>
          </Stack>
        </Center>
      </Alert>
    </PageFrame>
  );
}

/** silos/:id/:mov, :mov being entrada, consumo, transferencia or ajuste. */
export default function SiloMovementPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { mov } = useParams();
  const tipo = MOVIMENTO_TIPOS.find((kind) => kind === mov);
  if (!tipo) return <UnknownKind route={route} />;
  return (
    <RecordLoader route={route} api={siloApi} listPath={SILOS_PATH} notFound={t('silos.form.notFound')}>
      {(silo) => <MovementForm route={route} silo={silo} tipo={tipo} />}
    </RecordLoader>
  );
}
