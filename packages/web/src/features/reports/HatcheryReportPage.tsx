import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { WeighingReportScreen } from './WeighingReportScreen';

/** aves-incubatorio: the chick weighings of the hatcheries (BL30PI), per hatch, incubator and line. */
export default function HatcheryReportPage({ route }: ScreenProps) {
  return <WeighingReportScreen route={route} kind="incubatorio" />;
}
