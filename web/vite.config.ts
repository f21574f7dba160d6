// Builds the single-page app into web/dist (each page its own chunk, every text file also as .br and .gz for
// the gateway to send precompressed); in development proxies the API and tracking paths to the gateway.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { precompress } from './build/precompress';

// The plugins' types come from the hoisted vite 8 (vitest's) while this build runs vite 7; they work with both.
const plugins = [react(), tailwindcss(), precompress()] as unknown as PluginOption[];

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';
// Regex keys: a plain '/t' prefix would also swallow '/terms'.
const gatewayProxy = {
  '^/api/': { target: gateway, changeOrigin: true },
  '^/t/': { target: gateway, changeOrigin: true },
};

export default defineConfig({
  plugins,
  server: { proxy: gatewayProxy },
  preview: { proxy: gatewayProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The app imports constants and pure functions from @mailwright/contracts, whose modules also build TypeBox
    // schemas at load. Rollup cannot tell those `Type.*(...)` calls are pure, so it would keep every schema and
    // TypeBox with them; marked pure, the unused ones (all of them) are dropped.
    rollupOptions: { treeshake: { manualPureFunctions: ['Type'] } },
    // .vite/manifest.json: which chunks a page needs (the landing page's JavaScript budget is measured from it).
    manifest: true,
  },
});
