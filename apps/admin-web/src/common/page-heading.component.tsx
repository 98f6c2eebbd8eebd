import { useEffect, useRef } from 'react';

/**
 * The page's h1, focused when the page appears so a screen reader starts there and the keyboard
 * continues from it; the document title follows it.
 */
export function PageHeading({ children, title }: { children: string; title?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title ?? children} – Team-fit`;
    heading.current?.focus();
  }, [children, title]);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
