import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { integracaoApi } from './configApi';
import { ConfigScreen } from './ConfigScreen';

/** integracao: settings for exchanging data with an integrator's system. */
export default function IntegrationPage({ route }: ScreenProps) {
  return <ConfigScreen route={route} kind="integracao" api={integracaoApi} />;
}
