import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { AlarmPreferencesCard } from '../alarms/AlarmPreferencesCard';
import { useCurrentUser } from '../../components/session/session';
import { PerformanceSettingsCard } from '../performanceSettings/PerformanceSettingsCard';
import { RetentionCard } from '../retention/RetentionCard';
import { ProfileForm } from './ProfileForm';
import { SessionsCard } from './SessionsCard';

/** perfil: the account's own data, preferences, password, how long its device readings are kept, which alarms reach the user, and active sessions. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  return (
    <PageFrame title={t('screens.profile.title')} description={t('screens.profile.description')}>
      {/* Keyed by id: a different account never sees the previous one's values. */}
      <ProfileForm key={user.id} user={user} />
      <RetentionCard />
      <PerformanceSettingsCard />
      <AlarmPreferencesCard />
      <SessionsCard />
    </PageFrame>
  );
}
