import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './bundle-budget';

export default defineConfig({
  plugins: [react(), bundleBudget()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
          { test: /[\\/]packages[\\/]contract[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // The framework every route needs goes in its own long-cached chunk; the rest splits per route.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'i18next', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
});
