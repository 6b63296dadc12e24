import { BackLink } from '../../components/ui/back-link';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import './legal.css';

/** /mais-opcoes/sobre: 'Sobre', what the association and the portal are. */
export function AboutPage() {
  usePageTitle('Sobre');
  return (
    <div className="page legal-page">
      <BackLink to={paths.maisOpcoes} label="Mais opções" />
      <article className="card legal-card" aria-labelledby="sobre-titulo">
        <h1 id="sobre-titulo" className="page-title" tabIndex={-1}>
          Sobre
        </h1>
        <p>
          A Associação Comercial de Crédito do Varejo trabalha para fortalecer o comércio varejista: ajuda
          lojistas a vender com segurança e consumidores a manter o crédito em dia.
        </p>
        <p>
          Nosso sistema de consultas reúne informações de birôs de crédito, usadas pelos lojistas associados
          na hora de conceder crédito.
        </p>
        <p>
          O Negocia Varejo é a nossa plataforma para você renegociar suas dívidas on-line, de forma prática e
          segura: veja os contratos que os credores parceiros têm no seu CPF ou CNPJ, escolha a melhor
          proposta e pague por boleto, PIX ou cartão, sem sair de casa e sem custo.
        </p>
      </article>
    </div>
  );
}
