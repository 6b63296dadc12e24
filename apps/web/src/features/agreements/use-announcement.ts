import { useCallback, useEffect, useState } from 'react';

/**
 * The text of a page's polite live region. A new text is written one render after the call, once a modal
 * that closed with it has left and the page is no longer inert, and it is cleared first so that the same
 * text said twice is heard twice.
 */
export function useAnnouncement(): [text: string, announce: (text: string) => void] {
  const [text, setText] = useState('');
  const [next, setNext] = useState<{ text: string } | null>(null);

  useEffect(() => {
    if (next) setText(next.text);
  }, [next]);

  const announce = useCallback((value: string) => {
    setText('');
    setNext({ text: value });
  }, []);

  return [text, announce];
}
