import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config.ts';

// The shared package is consumed from source so the web never depends on a prior `tsc -b`.
const sharedSource = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));

export default defineConfig({
  // Relative asset paths: the built portal works wherever the server mounts it.
  base: './',
  plugins: [react(), VitePWA(pwaOptions)],
  resolve: { alias: { '@portal/shared': sharedSource } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change less often than the app: separate chunks stay cached across releases.
    // Only what the first page needs ($initial): library parts that only lazily loaded screens
    // use (the data table, forms, more Mantine components) load with those screens.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // A language's texts in two chunks: the shared file, the components' and the records
            // feature's (all the sign-in screens read: the first page; PUBLIC_FEATURES in
            // i18n/resources.ts), and every other feature's (the signed-in screens', loaded after
            // sign-in, i18n/index.ts). Only the language in use downloads, and one file
            // compresses far better than twenty small ones.
            ...(['pt', 'en', 'es'] as const).flatMap((language) => [
              { name: `${language}-features`, test: new RegExp(`[\\\\/]features[\\\\/](?!records[\\\\/])[^\\\\/]+[\\\\/]locales[\\\\/]${language}\\.json$`), priority: 21 },
              { name: language, test: new RegExp(`[\\\\/]locales[\\\\/]${language}\\.json$`), priority: 20 },
            ]),
            // The alarm sentences and names of @portal/shared (three languages in one table): only the
            // screens that show alarms (the bell, the alarms and rules pages) load them, never the first page.
            { name: 'alarm-texts', test: /[\\/]packages[\\/]shared[\\/]src[\\/]alarms[\\/]/, priority: 10 },
            { name: 'mantine', test: /node_modules[\\/]@mantine/, tags: ['$initial'] },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, tags: ['$initial'] },
            // zodWithoutEval.ts rides with zod: @portal/shared builds its schemas in a chunk shared
            // with the lazy screens, which runs before the entry's own code; the jitless switch
            // must already be on by then (the CSP forbids the eval probe, see zodWithoutEval.ts).
            { name: 'vendor', test: /node_modules|[\\/]src[\\/]zodWithoutEval\.ts$/, tags: ['$initial'] },
            // The portal's own code the first page needs, also used by the lazy screens (api client,
            // i18n, shared schemas, page frame), under a name that says so.
            { name: 'app', test: /[\\/]packages[\\/](web|shared)[\\/]src[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
