import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = new URL('.', import.meta.url).pathname;

export default defineConfig({
  root,
  plugins: [react()],
  test: {
    name: 'web',
    root,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
