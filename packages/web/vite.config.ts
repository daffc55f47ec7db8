import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    proxy: { '/api': api, '/files': api },
  },
});
