import type { VerificationResult } from '@portal/contracts/procedures/verification';
import {
  VERIFY_PDF_MAX_BYTES,
  VERIFY_PDF_PATH,
  VERIFY_PDF_TOO_LARGE_MESSAGE,
} from '@portal/contracts/verification-pdf';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { FALLBACK_ERROR_MESSAGE } from '../../lib/api/errors';

export const PDF_MESSAGES = {
  required: 'Escolha o PDF do boleto.',
  notPdf: 'Envie um arquivo PDF.',
  tooLarge: VERIFY_PDF_TOO_LARGE_MESSAGE,
} as const;

/** The BFF reads the file in memory and answers like a pasted code; its refusals come in Portuguese. */
async function verifyPdf(file: File): Promise<VerificationResult> {
  const response = await fetch(VERIFY_PDF_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    credentials: 'same-origin',
    body: file,
  });
  const body = (await response.json().catch(() => null)) as
    | (VerificationResult & { error?: undefined })
    | { error?: { message?: string } }
    | null;
  if (!response.ok || !body || body.error) throw new Error(body?.error?.message || FALLBACK_ERROR_MESSAGE);
  return body as VerificationResult;
}

interface PdfUploadProps {
  disabled: boolean;
  onStart: () => void;
  onResult: (result: VerificationResult) => void;
  onFailure: (message: string) => void;
}

/** 'Ou envie o PDF do boleto': one file, checked before it leaves (type and size), sent as it is. */
export function PdfUpload({ disabled, onStart, onResult, onFailure }: PdfUploadProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: verifyPdf, gcTime: 0 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !file
      ? PDF_MESSAGES.required
      : // a file of no known type (a download without its extension) is left to the BFF to read
        file.type !== '' && file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')
        ? PDF_MESSAGES.notPdf
        : file.size > VERIFY_PDF_MAX_BYTES
          ? PDF_MESSAGES.tooLarge
          : null;
    setError(problem);
    if (problem || !file) {
      document.getElementById(inputId)?.focus();
      return;
    }
    onStart();
    upload.mutate(file, { onSuccess: onResult, onError: (failure) => onFailure(failure.message) });
  };

  return (
    <form className="card card--form verification-form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={inputId} className="field-label">
          Ou envie o PDF do boleto
        </label>
        <input
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          className="input verification-file"
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        <p id={hintId} className="field-hint">
          Até 2 MB. O arquivo é lido na hora e não fica guardado.
        </p>
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-secondary btn-block" disabled={disabled || upload.isPending}>
        Verificar PDF
      </button>
      <SpinnerModal open={upload.isPending} />
    </form>
  );
}
