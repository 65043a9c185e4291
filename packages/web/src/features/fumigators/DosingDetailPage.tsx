import { Alert, Badge, Button, Card, Group, Image, Loader, Modal, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconPhotoOff, IconTrash } from '@tabler/icons-react';
import type { DosagemDetalhe, FotosDosagem } from '@portal/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { useConfirmDelete } from '../../components/ConfirmDelete';
import { ZoneNote } from '../../components/clock/ZoneNote';
import { PageFrame } from '../../components/PageFrame';
import { ReportPrintTitle, reportPrintClasses, useReportFormat } from '../../components/reports';
import { pictureSize, pictureSrc } from '../devices/pictures';
import { useOwner } from '../records/owner';
import { useNumberFormat } from '../records/useNumberFormat';
import { positiveId } from '../../components/reports/urlValues';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { fumigatorHistoryPath } from './api';
import { DosagemForm } from './DosagemForm';
import classes from './DosingHistory.module.css';
import { useDosingDetail, useDosingPhotos, useDosingWrites } from './dosingApi';
import { useDosingTime } from './useDosingTime';

const EventChart = lazy(() => import('./DosingCharts').then((module) => ({ default: module.EventChart })));

const T = 'fumigators.dosing';
type Foto = FotosDosagem['fotos'][number];

/**
 * fumigadores/historico/:id/detalhe/:iddosagens: one application: its fields, the doser's flow and
 * counter around it, the operator and notes (editable with write access; a manual one also its
 * time and volume, and can be deleted) and the doser's pictures. Test ids: dosing-fields
 * (field-<name>), dosing-event-chart, dosing-photos (dosing-photo), dosagem-* (the form).
 */
export default function DosingDetailPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const params = useParams();
  const id = positiveId(params.id ?? null);
  const iddosagens = positiveId(params.iddosagens ?? null);
  const owner = useOwner();
  const detail = useDosingDetail(id ?? 0, iddosagens ?? 0, owner.prop, owner.ready && id !== undefined && iddosagens !== undefined);
  const photos = useDosingPhotos(iddosagens ?? 0, owner.prop, owner.ready && iddosagens !== undefined);
  const missing = id === undefined || iddosagens === undefined || (detail.error instanceof ApiError && detail.error.status === 404);
  const report = useReportFormat();

  return (
    <PageFrame title={heading.title} description={detail.data ? detail.data.fumigador.nome : heading.description} crumbs={heading.crumbs} backTo={heading.backTo}>
      {missing ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="dosing-not-found">
          {t(`${T}.notFound`)}
        </Alert>
      ) : detail.error ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="dosing-error">
          {errorText(detail.error, t)}
        </Alert>
      ) : !detail.data ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : (
        <>
          <ReportPrintTitle title={report.t(`screens.${route.screen}.title`)} subtitle={detail.data.fumigador.nome} />
          <DetailBody detail={detail.data} photos={photos} prop={owner.prop} canWrite={owner.canWrite} />
        </>
      )}
    </PageFrame>
  );
}

interface BodyProps {
  detail: DosagemDetalhe;
  photos: ReturnType<typeof useDosingPhotos>;
  prop: number | undefined;
  canWrite: boolean;
}

/**
 * The application's fields and chart are the report (reports language, the user's number format,
 * the account's clock); the notes form, the delete button and the pictures are the screen's.
 */
function DetailBody({ detail, photos, prop, canWrite }: BodyProps) {
  const { t } = useTranslation();
  const format = useReportFormat();
  const { t: rt, clock: reportTime } = format;
  const time = useDosingTime();
  const navigate = useNavigate();
  const askConfirm = useConfirmDelete();
  const { remove } = useDosingWrites();
  const { dosagem, fumigador } = detail;
  const fields: Array<[string, React.ReactNode]> = [
    ['inicio', reportTime.dateTime(dosagem.inicio)],
    [
      'fim',
      dosagem.fim === null ? (
        <Badge color="green" variant="light">
          {rt(`${T}.running`)}
        </Badge>
      ) : (
        reportTime.dateTime(dosagem.fim)
      ),
    ],
    ['duracao', dosagem.duracao_min === null ? '—' : `${format.number(dosagem.duracao_min, 1)} min`],
    ['volume', `${format.number(dosagem.volume_ml, 1)} ml`],
    ['vazao', dosagem.vazao_media_ml_min === null ? '—' : `${format.number(dosagem.vazao_media_ml_min, 1)} ml/min`],
    ['produto', dosagem.produto || '—'],
    ['origem', rt(`fumigators.history.origem.${dosagem.origem}`)],
    ['fotos', format.number(dosagem.fotos, 0)],
  ];
  const askDelete = () =>
    askConfirm({
      itemName: t(`${T}.itemName`, { time: time.dateTime(dosagem.inicio) }),
      onConfirm: () => remove.mutateAsync({ iddosagem: dosagem.id, ...(prop === undefined ? {} : { prop }) }),
      onDeleted: () => navigate(fumigatorHistoryPath(fumigador)),
    });

  return (
    <Stack gap="lg">
      <ZoneNote />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="dosing-fields" className={reportPrintClasses.keepTogether} lang={format.locale}>
        {fields.map(([field, value]) => (
          <Paper key={field} withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {rt(`${T}.fields.${field}`)}
            </Text>
            <Text fw={700} component="div" data-testid={`field-${field}`}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Card withBorder padding="md" className={reportPrintClasses.keepTogether} lang={format.locale}>
        <Title order={2} fz="lg" mb="sm">
          {rt(`${T}.chartTitle`)}
        </Title>
        {detail.leituras.length === 0 ? (
          <Text c="dimmed">{rt(`${T}.noReadings`)}</Text>
        ) : (
          <Suspense fallback={<Loader />}>
            <EventChart leituras={detail.leituras} />
          </Suspense>
        )}
      </Card>
      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-start" mb="sm">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t(dosagem.origem === 'manual' ? `${T}.manualTitle` : `${T}.notesTitle`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(dosagem.origem === 'manual' ? `${T}.manualHint` : `${T}.notesHint`)}
            </Text>
          </Stack>
          {canWrite && dosagem.origem === 'manual' && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={18} />} onClick={askDelete} className={reportPrintClasses.noPrint} data-testid="dosagem-delete">
              {t(`${T}.delete`)}
            </Button>
          )}
        </Group>
        <DosagemForm key={dosagem.id} fumigadorId={fumigador.id} prop={prop} dosagem={dosagem} produto={fumigador.produto} canWrite={canWrite} />
      </Card>
      <Card withBorder padding="md">
        <Title order={2} fz="lg">
          {t(`${T}.photosTitle`)}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t(`${T}.photosHint`)}
        </Text>
        <Photos photos={photos} />
      </Card>
    </Stack>
  );
}

function Photos({ photos }: { photos: ReturnType<typeof useDosingPhotos> }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const time = useDosingTime();
  const [open, setOpen] = useState<Foto | null>(null);
  if (photos.error) return <Alert color="red">{errorText(photos.error, t)}</Alert>;
  if (!photos.data) return <Loader />;
  if (photos.data.fotos.length === 0) {
    return (
      <Text c="dimmed" data-testid="dosing-no-photos">
        {t(`${T}.noPhotos`)}
      </Text>
    );
  }
  const openSrc = open ? pictureSrc(open.url) : null;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" data-testid="dosing-photos">
        {photos.data.fotos.map((foto) => {
          const src = pictureSrc(foto.url);
          return (
            <UnstyledButton key={foto.id} className={classes.photo} onClick={() => setOpen(foto)} aria-label={t(`${T}.photoAlt`, { time: time.time(foto.em) })} data-testid="dosing-photo" data-id={foto.id}>
              <Paper withBorder radius="md" p={4}>
                {src ? (
                  <Image src={src} alt={t(`${T}.photoAlt`, { time: time.time(foto.em) })} radius="sm" h={{ base: 110, sm: 140 }} fit="cover" loading="lazy" />
                ) : (
                  <Group h={110} justify="center">
                    <IconPhotoOff size={28} color="var(--mantine-color-gray-5)" />
                  </Group>
                )}
                <Group justify="space-between" gap={4} px={4} pt={4}>
                  <Text size="xs" fw={600}>
                    {time.time(foto.em)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {pictureSize(foto.bytes, n.format)}
                  </Text>
                </Group>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="xl" title={open ? time.dateTime(open.em) : ''}>
        {openSrc && <Image src={openSrc} alt={open ? t(`${T}.photoAlt`, { time: time.time(open.em) }) : ''} radius="sm" />}
      </Modal>
    </>
  );
}
