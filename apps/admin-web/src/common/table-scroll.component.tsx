import type { ReactNode } from 'react';

/**
 * A wide table's frame that scrolls sideways on a narrow screen. It takes the keyboard's focus
 * (a region with the table's name), so the part out of view can be scrolled to without a mouse.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
