// `npm run dev`: the API server (tsx watch, port API_PORT=8081) and the Vite dev server (port 5173) with /api and
// /socket.io proxied to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8081';
const procs = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => { for (const p of procs) p.kill('SIGINT'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => { if (code && code !== 0) { stop(); process.exitCode = code; } });
