import { useEffect, useRef } from 'react';

/**
 * Whether the person has done anything on the page yet (a key, a click, a touch). Until then the
 * page is the one its address opened: focus stays at the top, where the skip link is the first
 * stop; afterwards a new page or step takes the focus to its heading.
 */
let interacted = false;
if (typeof window !== 'undefined') {
  const note = () => {
    interacted = true;
  };
  window.addEventListener('keydown', note, { capture: true, once: true });
  window.addEventListener('pointerdown', note, { capture: true, once: true });
}

/**
 * The page's h1, focused when a page or step appears after something the person did, so a screen
 * reader starts there and the keyboard continues from it; the document title follows it.
 */
export function PageHeading({ children, title }: { children: string; title?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title ?? children} – Team-fit administration`;
    if (interacted) heading.current?.focus();
  }, [children, title]);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
