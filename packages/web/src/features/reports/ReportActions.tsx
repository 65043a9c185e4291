import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DOWNLOAD_FORMATS, type DownloadFormat } from './downloads';

interface ReportActionsProps {
  /** The server's summary file (aves only: v2/resumo reads farms, never hatcheries, under the same filters). */
  withSummary: boolean;
  summaryPending: boolean;
  onPrint: () => void;
  onDownload: (format: DownloadFormat) => void;
  onSummary: () => void;
}

/**
 * Print and Download beside the screen's title, in the interface language. Test ids
 * `report-print`, `report-download` with `download-<csv|txt|html>` and `download-summary`.
 */
export function ReportActions({ withSummary, summaryPending, onPrint, onDownload, onSummary }: ReportActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={onPrint} data-testid="report-print">
        {t('reports.print')}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={18} />} rightSection={<IconChevronDown size={16} />} loading={summaryPending} data-testid="report-download">
            {t('reports.download')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {DOWNLOAD_FORMATS.map((format) => (
            <Menu.Item key={format} onClick={() => onDownload(format)} data-testid={`download-${format}`}>
              {t(`reports.formats.${format}`)}
            </Menu.Item>
          ))}
          {withSummary && (
            <>
              <Menu.Divider />
              <Menu.Item onClick={onSummary} data-testid="download-summary">
                {t('reports.formats.summary')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
