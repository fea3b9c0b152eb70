import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  build: { outDir: '../.floor-dist', emptyOutDir: true, target: 'es2022', manifest: true },
  logLevel: 'warn',
});
