import type { ReactNode } from 'react';
import { useLayout } from '../../ui/context.ts';
import { Fact } from '../../ui/Fact.tsx';
import { CallBar } from './CallBar.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

export function Layout({ children }: { children: ReactNode }) {
  const { site, ui } = useLayout();
  return (
    <>
      <a className="skip-link" href="#main">{ui.skipLink}</a>
      {/* On paper the header is left out; who the page is from, and how to reach them, is said here instead. */}
      <div className="print-only print-masthead">
        <p className="print-name">{site.name}</p>
        <Fact name="address" />
        <Fact name="phone" withLabel />
      </div>
      <Header />
      <main id="main" tabIndex={-1}>{children}</main>
      <Footer />
      <CallBar />
    </>
  );
}
