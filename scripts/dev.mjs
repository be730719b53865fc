// `npm run dev`: the API (tsx watch) and Vite with hot reload, side by side; Ctrl-C stops both.
import { spawn } from 'node:child_process';

// The shopper browses Vite's origin, so image URLs, payment return URLs and the CSRF origin check use it.
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@emporium/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@emporium/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && code !== 0 && stop()));
