import { type ComponentType, useEffect, useRef } from 'react';

export interface PageHeadingProps {
  children: string;
  /** The document title's words, when they differ from the heading's. */
  title?: string;
}

export interface PageHeadingOptions {
  /** The site's name after the page's in the document title, e.g. "Team-fit". */
  siteName: string;
  /**
   * When the heading takes the focus: `always`, or `after-interaction` (only once the person has
   * pressed a key or a pointer, so a page opened from its address keeps the focus at the top,
   * where the skip link is the first stop).
   */
  focus: 'always' | 'after-interaction';
}

/**
 * Whether the person has done anything on the page yet (a key, a click, a touch); listened for
 * only by an app whose headings take the focus after an interaction.
 */
let interacted = false;
let listening = false;
function listenForInteraction(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const note = () => {
    interacted = true;
  };
  window.addEventListener('keydown', note, { capture: true, once: true });
  window.addEventListener('pointerdown', note, { capture: true, once: true });
}

/**
 * An app's page heading: the page's h1, focused when a page or step appears so a screen reader
 * starts there and the keyboard continues from it; the document title follows it.
 */
export function createPageHeading({ siteName, focus }: PageHeadingOptions): ComponentType<PageHeadingProps> {
  if (focus === 'after-interaction') listenForInteraction();
  return function PageHeading({ children, title }: PageHeadingProps) {
    const heading = useRef<HTMLHeadingElement>(null);
    useEffect(() => {
      document.title = `${title ?? children} – ${siteName}`;
      if (focus === 'always' || interacted) heading.current?.focus();
    }, [children, title]);
    return (
      <h1 ref={heading} tabIndex={-1}>
        {children}
      </h1>
    );
  };
}
