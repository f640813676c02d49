/**
 * The site's router: the few pieces of react-router-dom this app uses (BrowserRouter, StaticRouter, MemoryRouter,
 * Link, Navigate, useLocation, useNavigate, useSearchParams), with the same names and props, in about 1 KB
 * instead of 13 KB gzip on every page. Which page a path shows is decided by resolvePath() from site.yaml's route
 * manifest (the same function the server uses), so no route matching is needed here.
 */
import {
  createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState,
  type AnchorHTMLAttributes, type MouseEvent, type ReactNode,
} from 'react';

export interface Path { pathname: string; search: string; hash: string }
export interface Location extends Path { state: unknown; key: string }
export type To = string | Partial<Path>;
export interface NavigateOptions { replace?: boolean; state?: unknown }
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

interface RouterValue { location: Location; navigate: NavigateFunction }

const RouterContext = createContext<RouterValue | null>(null);

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A link or location hook was used outside the router (BrowserRouter, StaticRouter or MemoryRouter).');
  return router;
}

/** A path (absolute, relative, '?query' or '#hash') resolved against the current location, as a browser would. */
export function resolveTo(to: To, from: Path): Path {
  if (typeof to !== 'string') {
    return { pathname: to.pathname ?? from.pathname, search: to.search ?? (to.pathname ? '' : from.search), hash: to.hash ?? '' };
  }
  const url = new URL(to, `http://router.invalid${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export const hrefOf = (path: Path) => path.pathname + path.search + path.hash;

let keys = 0;
const located = (path: Path, state: unknown = null): Location => ({ ...path, state, key: (keys++).toString(36) });

function parse(url: string): Path {
  return resolveTo(url, { pathname: '/', search: '', hash: '' });
}

/** A router whose location lives in React state; `commit` writes history (the browser's, or a list in memory). */
function useRouterState(initial: () => Location, commit: (location: Location, replace: boolean) => void, go: (delta: number) => void) {
  const [location, setLocation] = useState(initial);
  const current = useRef(location);
  current.current = location;
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    if (typeof to === 'number') {
      go(to);
      return;
    }
    const next = located(resolveTo(to, current.current), options.state ?? null);
    commit(next, Boolean(options.replace));
    current.current = next;
    // A transition keeps the current page on screen while the next one's chunks load (no blank fallback).
    startTransition(() => setLocation(next));
  }, [commit, go]);
  return { location, setLocation, navigate };
}

const fromWindow = () => located(parse(window.location.pathname + window.location.search + window.location.hash), window.history.state);

function commitToHistory(location: Location, replace: boolean) {
  window.history[replace ? 'replaceState' : 'pushState'](location.state, '', hrefOf(location));
}
const historyGo = (delta: number) => window.history.go(delta);

/** The browser's address bar and history (back and forward included). */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const { location, setLocation, navigate } = useRouterState(fromWindow, commitToHistory, historyGo);
  useEffect(() => {
    const onPop = () => startTransition(() => setLocation(fromWindow()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [setLocation]);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** One fixed location, for prerendering. */
export function StaticRouter({ location, children }: { location: string | Partial<Path>; children?: ReactNode }) {
  const value = useMemo<RouterValue>(() => ({
    location: located(typeof location === 'string' ? parse(location) : resolveTo(location, parse('/'))),
    navigate: () => { throw new Error('navigate() cannot run while prerendering'); },
  }), [location]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** History kept in memory, for tests. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children?: ReactNode }) {
  const entries = useRef<Location[]>(initialEntries.map((entry) => located(parse(entry))));
  const index = useRef(entries.current.length - 1);
  const setRef = useRef<(location: Location) => void>(() => undefined);
  const commit = useCallback((location: Location, replace: boolean) => {
    if (replace) entries.current[index.current] = location;
    else entries.current.splice(++index.current, Infinity, location);
  }, []);
  const go = useCallback((delta: number) => {
    index.current = Math.min(entries.current.length - 1, Math.max(0, index.current + delta));
    setRef.current(entries.current[index.current]);
  }, []);
  const { location, setLocation, navigate } = useRouterState(() => entries.current[index.current], commit, go);
  setRef.current = setLocation;
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** The query string as URLSearchParams, and a setter that navigates to the same path with new ones. */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string> | string, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback((next: URLSearchParams | Record<string, string> | string, options?: NavigateOptions) => {
    const search = new URLSearchParams(next).toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, options);
  }, [location.pathname, navigate]);
  return [params, set];
}

/** Navigates once it has rendered (a redirect inside the app). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of client-side navigation. */
  reloadDocument?: boolean;
}

const modified = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/** An <a> to a page of this site: a plain link for the browser, client-side navigation for an ordinary click. */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = hrefOf(resolveTo(to, location));
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || modified(event) || reloadDocument || rest.download !== undefined) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}
