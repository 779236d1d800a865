import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Nav } from '@/components/nav';
import { Providers } from '@/components/providers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'ReflectLab', template: '%s · ReflectLab' },
  description: 'Inspect reflective experience: ICT prompts, trajectories, rollback trees, Pass@k.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers>
          <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
            <div className="mx-auto flex h-12 max-w-7xl items-center gap-6 px-4">
              <Link href="/" className="font-semibold tracking-tight text-slate-900">
                Reflect<span className="text-indigo-600">Lab</span>
              </Link>
              <Nav />
            </div>
          </header>
          <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
