/**
 * `npm run dev`: the API server (restarted on change) and Vite's dev server with hot reload.
 * Open http://localhost:5173; Vite passes /api on to the server.
 */
import { spawn } from 'node:child_process';

const API_PORT = process.env.API_PORT ?? '3001';
const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: API_PORT, BASE_URL: 'http://localhost:5173', LOG_PRETTY: '1', NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], { stdio: 'inherit', env: { ...process.env, API_PORT } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
