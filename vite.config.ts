import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Each build keeps its own offline answers (src/client/offline/persist-cache.ts).
process.env.VITE_BUILD_ID ??= Date.now().toString(36);

export default defineConfig({
  root: 'src/client',
  plugins: [
    react(),
    tailwindcss(),
    // Installable, and the app shell readable offline (issue 24, decision 0129). The worker
    // precaches the built shell only: no runtime caching at all, so no /api/ answer (another
    // account's, a sign-in, a write) is ever kept or served by it. Offline answers live in the
    // app's own per-account store instead. 'prompt': a new worker waits for "Reload to update".
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Ministry Portal',
        short_name: 'Ministry',
        description: 'Ministry Management System',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#2f3f8f',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Deep links (/partners, /chat?...) open offline as the shell; the API never does.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Large lazy chunks (charts, the PDF reader) are app shell too.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src/client') } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    // `npm run dev`: the SPA from Vite, the API from the portal server.
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
});
