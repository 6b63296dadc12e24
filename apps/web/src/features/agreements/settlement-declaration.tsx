import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ErrorModal } from '../../components/ui/error-modal';
import { CheckIcon, DownloadIcon } from '../../components/ui/icons';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import { useBoletoDownloads } from './use-boleto-downloads';

/**
 * An agreement paid in full: 'Baixar declaração de quitação' saves the PDF the BFF draws, and shows its
 * verification code, which anyone can check on the verification page.
 */
export function SettlementDeclaration({ codcredor, contrato }: { codcredor: string; contrato: string }) {
  const headingId = useId();
  const download = useBoletoDownloads();
  const declaration = trpc.agreements.settlementDeclaration.useMutation({
    onSuccess: (file) => download([file], () => undefined),
  });
  return (
    <section className="card settlement" aria-labelledby={headingId}>
      <h2 id={headingId} className="negative-record-title">
        <CheckIcon />
        Acordo quitado
      </h2>
      <p>Todas as parcelas deste acordo estão pagas.</p>
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={declaration.isPending}
        onClick={() => declaration.mutate({ codcredor, contrato })}
      >
        <DownloadIcon />
        Baixar declaração de quitação
      </button>
      <div role="status">
        {declaration.data ? (
          <p>
            A declaração foi baixada. Código de verificação: <strong>{declaration.data.codigo}</strong>. Quem
            receber a declaração pode conferir o código em{' '}
            <Link to={paths.verificar}>Verificar boleto ou PIX</Link>.
          </p>
        ) : null}
      </div>
      <SpinnerModal open={declaration.isPending} text="Carregando" />
      <ErrorModal
        open={declaration.isError}
        message={errorMessage(declaration.error)}
        onClose={declaration.reset}
      />
    </section>
  );
}
