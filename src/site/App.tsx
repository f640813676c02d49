import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { manifest } from 'virtual:site/routes';
import { Layout } from './layout/Layout.tsx';
import { PageView } from './PageView.tsx';

/** After client-side navigation: back to the top (or the #anchor), and focus on the new content for screen readers. */
function useNavigationFocus() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, hash]);
}

export function App() {
  useNavigationFocus();
  return (
    <Layout>
      <Suspense fallback={null}>
        <Routes>
          {manifest.pages.map((page) => <Route key={page.id} path={page.path} element={<PageView id={page.id} />} />)}
          {manifest.aliases.map((alias) => <Route key={alias.from} path={alias.from} element={<Navigate to={alias.to} replace />} />)}
          {manifest.prefixRedirects.map((r) => <Route key={r.prefix} path={`${r.prefix}:slug`} element={<Navigate to={r.to} replace />} />)}
          <Route path="*" element={<PageView id={manifest.notFoundId} notFound />} />
        </Routes>
      </Suspense>
    </Layout>
  );
}
