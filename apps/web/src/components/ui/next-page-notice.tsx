import { useEffect, useRef, useState } from 'react';
import { clearNextPageNotice, peekNextPageNotice } from '../../lib/navigation/next-page-notice';
import './next-page-notice.css';

/**
 * The word a step left for this page (lib/navigation/next-page-notice.ts), shown once and focused, so a
 * screen reader reads it before the page (the page's own focus on arrival keeps an element already focused).
 */
export function NextPageNotice() {
  const [text] = useState(peekNextPageNotice);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    clearNextPageNotice();
    if (text) ref.current?.focus({ preventScroll: true });
  }, [text]);
  if (!text) return null;
  return (
    <p ref={ref} role="status" tabIndex={-1} className="next-page-notice">
      {text}
    </p>
  );
}
