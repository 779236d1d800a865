'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const links = [
  { href: '/', label: 'Runs', match: (p: string) => p === '/' || (p.startsWith('/runs') && p !== '/runs/new') },
  { href: '/runs/new', label: 'New run', match: (p: string) => p === '/runs/new' },
  { href: '/endpoints', label: 'Endpoints', match: (p: string) => p.startsWith('/endpoints') },
  { href: '/environments', label: 'Environments', match: (p: string) => p.startsWith('/environments') },
];

export function Nav() {
  const pathname = usePathname();
  return (
    <nav className="flex items-center gap-1" aria-label="Main">
      {links.map((l) => {
        const active = l.match(pathname);
        return (
          <Link
            key={l.href}
            href={l.href}
            aria-current={active ? 'page' : undefined}
            className={`rounded px-3 py-1.5 text-sm font-medium ${active ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-200 hover:text-slate-900'}`}
          >
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
}
