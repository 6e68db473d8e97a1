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
    // The vendor chunk (below) holds every library of the signed-in pages: 1.1 MB, 340 KiB gzip.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
          { test: /[\\/]packages[\\/]contract[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Three chunks beside each page's own (decision 0013, 2026-11-26): the sign-in page's code in
        // one, every library the other pages need in a second, the app's shared code and the contract in a third. Left
        // to itself the bundler split the code shared by the 40 lazy pages into ~150 small chunks, and
        // a signed-in page fetched 90-107 files. The first group takes only the modules the first page
        // runs, not their dependencies: with them it also took code only lazy pages use (+10 KiB).
        codeSplitting: {
          groups: [
            { name: 'first-page', tags: ['$initial'], includeDependenciesRecursively: false, priority: 10 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
            { name: 'shared', test: /[\\/](apps[\\/]web[\\/]src[\\/](shared|components)|packages[\\/]contract)[\\/]/ },
          ],
        },
      },
    },
  },
});
