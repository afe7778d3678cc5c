// The demo users (one per role, plus one in a second organisation), shared by the seed, the start banner and tests.
import type { ServerConfig } from '../config';

export const DEMO_USERS = [
  { email: 'root@demo.example', name: 'Demo Root', role: 'root', organisation: 'demo' },
  { email: 'admin@demo.example', name: 'Demo Administrator', role: 'administrator', organisation: 'demo' },
  { email: 'engineer@demo.example', name: 'Demo Engineer', role: 'engineer', organisation: 'demo' },
  { email: 'demo@demo.example', name: 'Demo Demo', role: 'demo', organisation: 'demo' },
  { email: 'viewer@demo.example', name: 'Demo Viewer', role: 'viewer', organisation: 'demo' },
  { email: 'engineer@other.example', name: 'Other Engineer', role: 'engineer', organisation: 'other' },
] as const;

export function demoUsersText(config: Pick<ServerConfig, 'demoPassword'>): string {
  const rows = DEMO_USERS.map((u) => `  ${u.email.padEnd(26)} ${u.role.padEnd(14)} password: ${config.demoPassword}`);
  return ['Demo users:', ...rows].join('\n');
}
