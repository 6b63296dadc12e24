import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BackLink } from '../../components/ui/back-link';
import { CENTRAL_PHONE, CENTRAL_PHONE_HREF, SERVICE_EMAIL, SERVICE_HOURS } from '../../lib/content/contacts';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import './legal.css';

interface Question {
  pergunta: string;
  resposta: ReactNode;
}

/** The questions people ask the attendance most, answered once (native disclosures: keyboard and screen readers). */
export const QUESTIONS: readonly Question[] = [
  {
    pergunta: 'Como funciona a negociação pelo portal?',
    resposta: (
      <>
        <p>
          Em <strong>Minha conta</strong> aparecem os credores parceiros que têm contratos no seu CPF ou CNPJ.
          Em <strong>Ver mais</strong> você vê os contratos e escolhe um para negociar.
        </p>
        <ul>
          <li>
            <strong>À vista</strong>: um único pagamento, em geral com o maior desconto.
          </li>
          <li>
            <strong>Parcelado</strong>: uma entrada e as demais parcelas, nas condições que o credor oferecer.
          </li>
          <li>
            <strong>Parcelas avulsas</strong>: quando o credor permite, você escolhe quais parcelas pagar
            agora.
          </li>
        </ul>
        <p>
          Depois você escolhe a data e a forma de pagamento, confere o resumo e conclui o acordo. O boleto ou
          o código PIX aparece na tela e vai para o e-mail e o celular que você informar.
        </p>
      </>
    ),
  },
  {
    pergunta: 'Quais formas de pagamento posso usar?',
    resposta: (
      <>
        <p>
          Boleto, PIX e cartão de crédito, conforme o que cada credor aceita: o portal só mostra as formas
          disponíveis para o seu contrato.
        </p>
        <ul>
          <li>
            <strong>PIX</strong>: leia o QR Code no app do seu banco ou use o PIX Copia e Cola. O pagamento é
            confirmado na hora.
          </li>
          <li>
            <strong>Boleto</strong>: pague no app do banco, em lotéricas ou agências, até o vencimento. A
            confirmação leva até 3 dias úteis.
          </li>
          <li>
            <strong>Cartão</strong>: o pagamento é feito na página segura do credor, aberta pelo portal.
          </li>
        </ul>
      </>
    ),
  },
  {
    pergunta: 'Posso escolher a data de pagamento?',
    resposta: (
      <p>
        Sim. O portal mostra as datas aceitas pelo credor, sempre dias úteis, em geral nos próximos 30 dias. O
        valor da proposta pode mudar conforme a data escolhida: ele é recalculado na hora.
      </p>
    ),
  },
  {
    pergunta: 'Perdi o boleto. Como emito outro?',
    resposta: (
      <p>
        Em <strong>Minha conta</strong>, clique em <strong>Ver mais</strong> no credor e escolha o contrato do
        acordo: abre-se <strong>Acordos em andamento</strong>. Em cada parcela em aberto,{' '}
        <strong>Gerar pagamento</strong> emite o boleto de novo, com a opção de baixar, copiar o código ou
        receber por e-mail ou SMS.
      </p>
    ),
  },
  {
    pergunta: 'E se eu não pagar até o vencimento?',
    resposta: (
      <p>
        O acordo pode ser cancelado pelo credor, e a dívida volta às condições anteriores, sem os descontos
        negociados. Se não puder pagar na data, negocie de novo antes do vencimento.
      </p>
    ),
  },
  {
    pergunta: 'Quando o meu nome sai dos cadastros de inadimplentes?',
    resposta: (
      <>
        <p>
          Depois que a dívida é paga, o credor tem até <strong>5 dias úteis</strong> para pedir a retirada do
          registro (Súmula 548 do Superior Tribunal de Justiça). O prazo conta da confirmação do pagamento:
          imediata no PIX, até 3 dias úteis no boleto.
        </p>
        <p>
          Em um acordo parcelado, as condições de retirada são as do credor: em caso de dúvida, fale com ele
          ou com o nosso atendimento.
        </p>
      </>
    ),
  },
  {
    pergunta: 'Como reconhecer um golpe que usa o nome do portal?',
    resposta: (
      <ul>
        <li>Nunca pedimos a sua senha por telefone, e-mail, SMS ou WhatsApp.</li>
        <li>Negociar pelo portal não tem custo: desconfie de quem cobra taxa para "liberar" um acordo.</li>
        <li>
          Antes de pagar, confira no app do banco o beneficiário do boleto ou o recebedor do PIX: deve ser o
          credor ou a empresa de cobrança dele, nunca uma pessoa física.
        </li>
        <li>Desconfie de descontos “bons demais” com pressa para pagar hoje.</li>
        <li>
          Na dúvida, digite o endereço do portal no navegador, entre na sua conta e confira o acordo em{' '}
          <strong>Acordos em andamento</strong>, ou ligue para o nosso atendimento.
        </li>
      </ul>
    ),
  },
  {
    pergunta: 'Não encontrei a minha dívida. E agora?',
    resposta: (
      <p>
        O portal mostra apenas contratos de credores parceiros. Se a dívida não aparece, ela pode estar com
        outra empresa, já ter sido paga ou ainda não estar disponível para negociação: fale com o credor.
      </p>
    ),
  },
  {
    pergunta: 'O meu CNPJ tem letras. Posso usar o portal?',
    resposta: (
      <p>
        Sim. O portal aceita o CNPJ alfanumérico, em vigor desde julho de 2026, além do CPF e do CNPJ só com
        números.
      </p>
    ),
  },
  {
    pergunta: 'Como altero os meus dados ou excluo o meu cadastro?',
    resposta: (
      <p>
        Em <Link to={paths.editarPerfil}>Mais opções &gt; Editar perfil</Link> você altera nome, contatos e
        endereço, e no fim da página pode excluir o cadastro. A senha se troca em{' '}
        <Link to={paths.novaSenha}>Mais opções &gt; Alterar senha</Link>.
      </p>
    ),
  },
  {
    pergunta: 'Onde estão as regras de uso do portal?',
    resposta: (
      <p>
        Nos <Link to={paths.termosGerais}>Termos de Uso</Link>, que você aceitou ao se cadastrar. Como
        cuidamos dos seus dados está no <Link to={paths.politica}>Aviso de Privacidade</Link>.
      </p>
    ),
  },
];

/** /mais-opcoes/faq: the frequent questions, then the attendance for anything else. */
export function FaqPage() {
  usePageTitle('Perguntas frequentes');
  return (
    <div className="page legal-page">
      <BackLink to={paths.maisOpcoes} label="Mais opções" />
      <article className="card legal-card" aria-labelledby="faq-titulo">
        <h1 id="faq-titulo" className="page-title" tabIndex={-1}>
          Perguntas frequentes
        </h1>
        <div className="faq-list">
          {QUESTIONS.map(({ pergunta, resposta }) => (
            <details key={pergunta} className="faq-item">
              <summary>{pergunta}</summary>
              <div className="faq-answer">{resposta}</div>
            </details>
          ))}
        </div>
        <section aria-labelledby="faq-atendimento">
          <h2 id="faq-atendimento">Ainda com dúvidas?</h2>
          <p>
            Fale com a nossa central: <a href={CENTRAL_PHONE_HREF}>{CENTRAL_PHONE}</a> (também WhatsApp) ou{' '}
            <a href={`mailto:${SERVICE_EMAIL}`}>{SERVICE_EMAIL}</a>. {SERVICE_HOURS}.
          </p>
        </section>
      </article>
    </div>
  );
}
