import { useCallback, useEffect, useRef } from 'react';
import type { BoletoView } from '../../lib/api/trpc';
import { saveUrl } from '../../lib/browser/save-file';

/** The boleto files are saved 500 ms apart, so the browser takes each download. */
export const DOWNLOAD_SPACING_MS = 500;

/** A file the BFF serves for this session: a boleto, or the agreement letter. */
type DownloadFile = Pick<BoletoView, 'pdfUrl' | 'arquivo'>;

/** The boletos that have a file to save (the BFF gives none for a card paid on the creditor's site). */
export function downloadableBoletos<T extends DownloadFile>(boletos: readonly T[]): T[] {
  return boletos.filter((boleto) => boleto.pdfUrl !== '');
}

/**
 * 'Baixar boleto': the first file at once (still inside the user's click, so the browser allows it), the
 * others spaced out; `onDone` once the last has been handed to the browser. A second click while files are
 * still going out is ignored, and leaving the page cancels what is left.
 */
export function useBoletoDownloads() {
  const timers = useRef<number[]>([]);
  const running = useRef(false);

  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  return useCallback((boletos: readonly DownloadFile[], onDone: () => void) => {
    const files = downloadableBoletos(boletos);
    if (running.current || files.length === 0) return;
    running.current = true;
    files.forEach((file, index) => {
      const save = () => {
        saveUrl(file.pdfUrl, file.arquivo);
        if (index === files.length - 1) {
          running.current = false;
          timers.current = [];
          onDone();
        }
      };
      if (index === 0) save();
      else timers.current.push(window.setTimeout(save, index * DOWNLOAD_SPACING_MS));
    });
  }, []);
}
