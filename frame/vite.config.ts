import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  base: '/promo-frame/',
  // Precompressed .br/.gz beside each asset: the server sends them as they are (no per-request compression).
  plugins: [react(), compression({ threshold: 512 })],
  build: { target: 'es2022', sourcemap: true },
  server: { proxy: { '/web-api': 'http://127.0.0.1:8085', '/promo-frame/bff-api': 'http://127.0.0.1:8085' } },
});
