import { defineConfig } from '@playwright/test';

// Debian's Chromium, headless; no browser download. The suite runs against
// the built site (vite preview), as a learner would get it.
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

// E2E_PORT lets two checkouts run the suite side by side.
export const port = Number(process.env.E2E_PORT ?? 4173);

// Deadlines, not waits: every wait in the suite is for a condition, and these
// only bound how long a condition may take on a loaded machine. A passing test
// never runs into them, so they are generous.
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    command: `node e2e/server.mjs ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
