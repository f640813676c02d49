import { useEffect, useRef, useState } from 'react';

/** The site in a frame: at phone width as it is, at desktop width drawn 1280 px wide and scaled down to the pane. */
export function PreviewFrame({ width, src, reload, title }: { width: 'phone' | 'desktop'; src: string; reload: number; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  // Inert unless the pointer is over it: a page loading in the frame cannot then take the focus (and the keystrokes)
  // from a field being typed in. Keyboard users open the preview in its own tab with the link above it.
  const [pointerOver, setPointerOver] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // The page in the frame may move focus into itself when it loads (the site focuses its main content after a
  // navigation): while staff type in a form, that would send their keystrokes to the preview. Focus goes back to
  // where it was unless the pointer is over the preview or Tab was just pressed (then they chose to go there).
  useEffect(() => {
    let over = false;
    let tabbed = 0;
    let last: HTMLElement | null = null;
    const frame = () => box.current?.querySelector('iframe');
    const onFocusIn = (e: FocusEvent) => { if (e.target instanceof HTMLElement && e.target.tagName !== 'IFRAME') last = e.target; };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Tab') tabbed = Date.now(); };
    const onBlur = () => {
      setTimeout(() => {
        if (document.activeElement === frame() && !over && Date.now() - tabbed > 500 && last?.isConnected) last.focus();
      }, 0);
    };
    const enter = () => { over = true; };
    const leave = () => { over = false; };
    const el = box.current;
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKey, true);
    window.addEventListener('blur', onBlur);
    el?.addEventListener('pointerenter', enter);
    el?.addEventListener('pointerleave', leave);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKey, true);
      window.removeEventListener('blur', onBlur);
      el?.removeEventListener('pointerenter', enter);
      el?.removeEventListener('pointerleave', leave);
    };
  }, []);
  const scale = width === 'desktop' && size.w > 0 ? Math.min(1, size.w / 1280) : 1;
  const style = width === 'desktop' ? { transform: `scale(${scale})`, height: size.h ? `${size.h / scale}px` : '100%' } : undefined;
  return (
    <div ref={box} className={`frame ${width}`} onPointerEnter={() => setPointerOver(true)} onPointerLeave={() => setPointerOver(false)}>
      <iframe key={`${src}:${reload}`} title={title} src={src} style={style} inert={!pointerOver} />
    </div>
  );
}
