import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { prerender } from './prerender.ts';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    // The pages a signed-out visitor opens first, prerendered (docs/decisions/020-prerendered-pages.md).
    prerender(['/', '/login']),
    precompress(),
  ],
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    proxy: { '/api': api, '/files': api },
  },
});
