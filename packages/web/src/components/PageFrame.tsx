import { ActionIcon, Anchor, Box, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

interface PageFrameProps {
  title: string;
  description?: string;
  /** Where the trail leads back to, top level first; the current page is added last. */
  crumbs?: Crumb[];
  /** Back arrow target, usually the parent list. */
  backTo?: string;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  /** Small facts next to the title, such as the id of the record shown. */
  badges?: ReactNode;
  children?: ReactNode;
}

/** The frame every screen shares: trail, title, one-line purpose, then the content. */
export function PageFrame({ title, description, crumbs, backTo, actions, badges, children }: PageFrameProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      {/* data-page-heading: a report printing its own title in the reports language hides this one on paper. */}
      <Stack gap={6} data-page-heading>
        {crumbs && crumbs.length > 0 && (
          <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap' } }}>
            {crumbs.map((crumb) =>
              crumb.to ? (
                <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                  {crumb.label}
                </Anchor>
              ) : (
                <Text key={crumb.label} size="sm" c="dimmed">
                  {crumb.label}
                </Text>
              ),
            )}
            <Text size="sm" c="dimmed">
              {title}
            </Text>
          </Breadcrumbs>
        )}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="center">
            {backTo && (
              <ActionIcon component={Link} to={backTo} variant="subtle" size="lg" aria-label={t('common.back')}>
                <IconArrowLeft size={22} />
              </ActionIcon>
            )}
            <Box>
              <Group gap="xs" align="center">
                <Title order={1} fz={{ base: 24, sm: 28 }} data-testid="page-title">
                  {title}
                </Title>
                {badges}
              </Group>
            </Box>
          </Group>
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
        {description && (
          <Text c="dimmed" size="md" data-testid="page-description">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}
