import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ApiError } from './api/client';
import { ConfirmDeleteProvider } from './components/ConfirmDelete';
import { router } from './router';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (4xx) will not change by asking again; a flaky network might.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      // Offline the service worker answers reads from its copy of their last answers (pwa.config.ts):
      // ask once even without a network, pause only the retries.
      networkMode: 'offlineFirst',
    },
    // A write is never repeated by itself: after a 503 nothing was changed, after a lost answer
    // it may have been, so the user decides by saving again.
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" autoClose={4000} />
      <QueryClientProvider client={queryClient}>
        <ConfirmDeleteProvider>
          <RouterProvider router={router} />
        </ConfirmDeleteProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
