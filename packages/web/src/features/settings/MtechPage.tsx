import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { mtechApi } from './configApi';
import { ConfigScreen } from './ConfigScreen';

/** mtech: settings for exchanging data with an Mtech account. */
export default function MtechPage({ route }: ScreenProps) {
  return <ConfigScreen route={route} kind="mtech" api={mtechApi} />;
}
