import { Suspense, useEffect, useRef } from 'react';
import { manifest } from 'virtual:site/routes';
import { Layout } from './layout/Layout.tsx';
import { PageView } from './PageView.tsx';
import { resolvePath } from './resolve.ts';
import { AddressContext } from '../ui/address.ts';
import { Navigate, useLocation } from 'react-router-dom';

/** After client-side navigation: back to the top (or the #anchor), and focus on the new content for screen readers. */
function useNavigationFocus() {
  const { pathname, hash } = useLocation();
  // The address the page last settled on, not a "first render" flag: development runs each effect twice on load,
  // and a flag would then take the focus from wherever it was (the staff editor's fields, around its preview).
  const settled = useRef(pathname + hash);
  useEffect(() => {
    if (settled.current === pathname + hash) return;
    settled.current = pathname + hash;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, hash]);
}

/** The page for the current path, decided by site.yaml's route manifest exactly as the server decides it. */
export function App() {
  useNavigationFocus();
  const { pathname, search, hash } = useLocation();
  const route = resolvePath(manifest, pathname);
  return (
    <AddressContext value={{ pathname, search }}>
      <Layout>
        <Suspense fallback={null}>
          {route.kind === 'redirect'
            ? <Navigate to={route.to + search + hash} replace />
            : <PageView key={route.id} id={route.id} notFound={route.kind === 'not-found'} />}
        </Suspense>
      </Layout>
    </AddressContext>
  );
}
