import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { RecordLoader } from '../records/RecordFormPage';
import { FLOCKS_PATH, loteApi } from './api';
import { FlockForm } from './FlockForm';
import { FlockHome } from './FlockHome';

/**
 * lotes/add (the form, no id in the url), lotes/:id (the flock's home: indicators, curves, daily
 * records, close-out) and lotes/:id/editar (the form of a stored flock).
 */
export default function FlockPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  if (id === undefined) return <FlockForm route={route} />;
  const editing = route.screen === 'flockEdit';
  return (
    <RecordLoader route={route} api={loteApi} listPath={FLOCKS_PATH} notFound={t('flocks.form.notFound')}>
      {(flock) => (editing ? <FlockForm route={route} flock={flock} /> : <FlockHome route={route} flock={flock} />)}
    </RecordLoader>
  );
}
