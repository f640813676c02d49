import type { ReactNode } from 'react';
import { useLayout } from '../../ui/context.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

export function Layout({ children }: { children: ReactNode }) {
  const { ui } = useLayout();
  return (
    <>
      <a className="skip-link" href="#main">{ui.skipLink}</a>
      <Header />
      <main id="main" tabIndex={-1}>{children}</main>
      <Footer />
    </>
  );
}
