import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { WeighingReportScreen } from './WeighingReportScreen';

/** aves: the weight report of the farms' weighings. */
export default function WeightReportPage({ route }: ScreenProps) {
  return <WeighingReportScreen route={route} kind="aves" />;
}
