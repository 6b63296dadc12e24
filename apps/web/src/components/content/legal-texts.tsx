import type { ReactNode } from 'react';
import { CENTRAL_PHONE, CENTRAL_PHONE_HREF, DPO_EMAIL, SERVICE_EMAIL } from '../../lib/content/contacts';
import './legal.css';

/*
 * The portal's public texts, shared by their pages (/politica-geral, /termos-gerais), the registration's
 * policy step and the registration modals. They bring no title of their own: the page's <h1> or the
 * modal's <h2> names them, and `headingLevel` puts their section headings one level below it.
 * They hold no link into the app, so reading them in a modal never navigates away from a form.
 */

type LegalHeadingLevel = 2 | 3 | 4;

interface LegalTextProps {
  /**
   * Level of the section headings: 2 under a page's <h1> (default), 3 under a modal's <h2> title, 4 when
   * a modal shows both texts, each under its own <h3>.
   */
  headingLevel?: LegalHeadingLevel;
}

interface LegalSectionInfo {
  id: string;
  title: string;
}

const CONTROLLER = 'Associação Comercial de Crédito do Varejo – ACCV';
// Obviously fictional (its check digits are wrong, so no real company has it) yet formatted like one.
const CONTROLLER_CNPJ = '00.000.000/0001-00';
const CONTROLLER_ADDRESS = 'Rua do Varejo, 100, 8º andar, Centro, São Paulo/SP, CEP 01000-000';
const HOURS = 'de segunda a sexta, das 9h às 21h, e aos sábados, das 9h às 13h (horário de Brasília)';

const PRIVACY = {
  quemSomos: { id: 'privacidade-quem-somos', title: 'Quem somos' },
  dados: { id: 'privacidade-dados', title: 'Dados que coletamos' },
  usos: { id: 'privacidade-usos', title: 'Para que usamos os seus dados' },
  compartilhamento: { id: 'privacidade-compartilhamento', title: 'Compartilhamento' },
  retencao: { id: 'privacidade-retencao', title: 'Por quanto tempo guardamos' },
  cookies: { id: 'privacidade-cookies', title: 'Cookies' },
  seguranca: { id: 'privacidade-seguranca', title: 'Segurança' },
  direitos: { id: 'privacidade-direitos', title: 'Seus direitos' },
  contato: { id: 'privacidade-contato', title: 'Contato e Encarregado' },
} as const satisfies Record<string, LegalSectionInfo>;

const TERMS = {
  servico: { id: 'termos-servico', title: 'O que é o Negocia Varejo' },
  cadastro: { id: 'termos-cadastro', title: 'Cadastro e senha' },
  dados: { id: 'termos-dados', title: 'Dados corretos' },
  acordos: { id: 'termos-acordos', title: 'Acordos e boletos' },
  custos: { id: 'termos-custos', title: 'Sem custo para você' },
  golpes: { id: 'termos-golpes', title: 'Cuidado com golpes' },
  disponibilidade: { id: 'termos-disponibilidade', title: 'Disponibilidade' },
  alteracoes: { id: 'termos-alteracoes', title: 'Alterações destes termos' },
  lei: { id: 'termos-lei', title: 'Lei aplicável e foro' },
} as const satisfies Record<string, LegalSectionInfo>;

const HEADING_TAG = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;
const SUBHEADING_TAG = { 2: 'h3', 3: 'h4', 4: 'h5' } as const;

function Section({
  section,
  level,
  children,
}: {
  section: LegalSectionInfo;
  level: LegalHeadingLevel;
  children: ReactNode;
}) {
  const Heading = HEADING_TAG[level];
  return (
    <section className="legal-section">
      <Heading id={section.id} className={`legal-heading legal-heading--${level}`}>
        {section.title}
      </Heading>
      {children}
    </section>
  );
}

function Subheading({ level, children }: { level: LegalHeadingLevel; children: ReactNode }) {
  const Heading = SUBHEADING_TAG[level];
  return <Heading className="legal-subheading">{children}</Heading>;
}

function Updated({ dateTime, children }: { dateTime: string; children: ReactNode }) {
  return (
    <p className="legal-updated">
      Última atualização: <time dateTime={dateTime}>{children}</time>.
    </p>
  );
}

function Mail({ address }: { address: string }) {
  return (
    <a className="legal-link" href={`mailto:${address}`}>
      {address}
    </a>
  );
}

function Phone() {
  return (
    <a className="legal-link" href={CENTRAL_PHONE_HREF}>
      {CENTRAL_PHONE}
    </a>
  );
}

/** The in-page table of contents of a text, for its page (a modal shows the text without it). */
function Contents({
  sections,
  labelId,
  headingLevel = 2,
}: {
  sections: readonly LegalSectionInfo[];
  labelId: string;
  headingLevel?: LegalHeadingLevel;
}) {
  const Heading = HEADING_TAG[headingLevel];
  return (
    <nav className="legal-contents" aria-labelledby={labelId}>
      <Heading id={labelId} className="legal-contents-title">
        Nesta página
      </Heading>
      <ol className="legal-contents-list">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function PrivacyNoticeContents({ headingLevel }: LegalTextProps) {
  return (
    <Contents sections={Object.values(PRIVACY)} labelId="privacidade-indice" headingLevel={headingLevel} />
  );
}

export function TermsOfUseContents({ headingLevel }: LegalTextProps) {
  return <Contents sections={Object.values(TERMS)} labelId="termos-indice" headingLevel={headingLevel} />;
}

/** 'Aviso de Privacidade': what the portal does with personal data, under the LGPD. */
export function PrivacyNoticeText({ headingLevel = 2 }: LegalTextProps) {
  const level = headingLevel;
  return (
    <div className="legal-text">
      <Updated dateTime="2022-02-01">1º de fevereiro de 2022</Updated>
      <p>
        Este Aviso de Privacidade explica, de forma simples, quais dados pessoais o portal Negocia Varejo usa,
        para quê, com quem os compartilha, por quanto tempo os guarda e como você pode exercer os seus
        direitos previstos na Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018). Ele pode ser
        atualizado quando a lei ou os nossos serviços mudarem; a data acima indica a versão em vigor, e
        mudanças importantes serão avisadas no portal.
      </p>

      <Section section={PRIVACY.quemSomos} level={level}>
        <p>
          O Negocia Varejo é o portal de negociação de dívidas da {CONTROLLER}, inscrita no CNPJ sob o nº{' '}
          {CONTROLLER_CNPJ}, com sede operacional na {CONTROLLER_ADDRESS}.
        </p>
        <p>
          A ACCV é a <strong>controladora</strong> dos dados pessoais tratados no portal, isto é, quem decide
          como e para que eles são usados. Ela reúne empresas do varejo e atua como intermediária entre você e
          os credores parceiros: são eles que detêm as dívidas e definem as condições de cada oferta.
        </p>
      </Section>

      <Section section={PRIVACY.dados} level={level}>
        <p>
          Coletamos apenas os dados necessários para encontrar as suas dívidas, negociar e formalizar acordos
          e manter a sua conta segura.
        </p>
        <Subheading level={level}>Dados de cadastro</Subheading>
        <ul className="legal-list">
          <li>CPF ou CNPJ;</li>
          <li>nome completo ou razão social;</li>
          <li>e-mail;</li>
          <li>telefone celular e se ele também é o seu WhatsApp;</li>
          <li>data de nascimento (ou de fundação, no caso de empresas);</li>
          <li>CEP, endereço e estado, quando você os informa no seu perfil;</li>
          <li>
            senha de acesso, guardada de forma protegida: ela nunca é gravada em texto aberto, e nem a nossa
            equipe consegue lê-la.
          </li>
        </ul>
        <p>
          Se você entrar com a sua conta Google, recebemos do Google apenas o seu nome, e-mail e foto de
          perfil, para localizar o seu cadastro.
        </p>
        <Subheading level={level}>Dados de acesso</Subheading>
        <ul className="legal-list">
          <li>endereço IP, data e hora de cada acesso;</li>
          <li>tipo de dispositivo (celular ou computador);</li>
          <li>
            localização aproximada, somente se você já tiver autorizado o seu navegador a compartilhá-la
            conosco (não pedimos essa permissão);
          </li>
          <li>as etapas do portal pelas quais você passa, para melhorar o atendimento.</li>
        </ul>
        <Subheading level={level}>Dados das dívidas e dos acordos</Subheading>
        <p>Recebidos dos credores parceiros ou gerados quando você negocia:</p>
        <ul className="legal-list">
          <li>credor e número do contrato;</li>
          <li>data do acordo;</li>
          <li>valor da dívida;</li>
          <li>número e valor das parcelas;</li>
          <li>situação de cada parcela (em aberto, paga ou futura);</li>
          <li>forma e data de pagamento;</li>
          <li>pontuação de crédito (score), quando disponível, para pessoas físicas.</li>
        </ul>
      </Section>

      <Section section={PRIVACY.usos} level={level}>
        <p>Usamos os seus dados para:</p>
        <ul className="legal-list">
          <li>consultar, junto aos credores parceiros, as dívidas e os contratos do seu CPF ou CNPJ;</li>
          <li>mostrar as propostas dos credores, negociar e formalizar os acordos que você escolher;</li>
          <li>emitir boletos e códigos PIX e enviá-los por e-mail ou SMS, quando você pedir;</li>
          <li>
            confirmar a sua identidade, proteger a sua conta e prevenir fraudes, por exemplo limitando as
            tentativas de acesso;
          </li>
          <li>atender você nos nossos canais e cumprir obrigações legais e regulatórias;</li>
          <li>enviar avisos sobre a sua conta e os seus acordos;</li>
          <li>
            enviar ofertas e novidades (marketing) <strong>somente com o seu consentimento</strong>, dado na
            caixa de seleção do cadastro, que você pode retirar quando quiser.
          </li>
        </ul>
        <p>
          Esses usos se apoiam na execução do contrato e dos procedimentos que você pede (consultar e
          negociar), no cumprimento de obrigações legais, no exercício regular de direitos, na proteção do
          crédito, no nosso legítimo interesse em prevenir fraudes e, para o marketing, no seu consentimento.
        </p>
      </Section>

      <Section section={PRIVACY.compartilhamento} level={level}>
        <p>Compartilhamos os seus dados somente com:</p>
        <ul className="legal-list">
          <li>
            o credor parceiro que detém a sua dívida, para consultar os contratos e formalizar o acordo;
          </li>
          <li>bancos e instituições de pagamento que emitem e processam os boletos e o PIX;</li>
          <li>
            empresas que nos prestam serviços de tecnologia, como hospedagem e envio de e-mails e SMS, sob
            contrato e apenas para essas tarefas;
          </li>
          <li>autoridades públicas, quando a lei ou uma ordem judicial exigir.</li>
        </ul>
        <p>
          <strong>Não vendemos nem alugamos os seus dados pessoais.</strong>
        </p>
      </Section>

      <Section section={PRIVACY.retencao} level={level}>
        <p>
          Guardamos os seus dados enquanto você tiver cadastro no portal e, depois disso,{' '}
          <strong>por 5 anos</strong>, prazo que nos permite cumprir obrigações legais e nos defender em
          eventuais processos. Passado esse prazo, os dados são eliminados ou anonimizados.
        </p>
        <p>
          Se você excluir o seu cadastro, cada <strong>declaração de quitação</strong> que o portal emitiu
          continua guardada <strong>pelo mesmo prazo, contado da data em que foi emitida</strong>, exatamente
          como foi emitida: o seu nome, o seu CPF ou CNPJ mascarado, o credor, o contrato, as parcelas e os
          valores pagos. Ela é a prova de que a dívida foi paga, e a guardamos para cumprir obrigação legal e
          para que quem a receber de você possa conferi-la pelo código de verificação.
        </p>
      </Section>

      <Section section={PRIVACY.cookies} level={level}>
        <p>Usamos apenas os cookies necessários para o portal funcionar com segurança:</p>
        <ul className="legal-list">
          <li>
            <strong>cookie de sessão</strong>: mantém você conectado enquanto usa o portal. Ele guarda apenas
            um código aleatório, nenhum dado pessoal, e perde a validade quando você sai ou fica um tempo sem
            usar o portal;
          </li>
          <li>
            <strong>
              cookie <code>aceito</code>
            </strong>
            : registra que você já viu o aviso de cookies, para que ele não apareça a cada visita.
          </li>
        </ul>
        <p>
          Não usamos cookies de publicidade nem de rastreamento. Se você escolher entrar com o Google, o
          Google pode usar os próprios cookies, conforme a política de privacidade dele.
        </p>
        <p>
          Para recusar cookies, bloqueie-os ou apague-os nas configurações do seu navegador. Sem o cookie de
          sessão não é possível entrar na sua conta; sem o cookie <code>aceito</code>, o aviso de cookies
          volta a aparecer.
        </p>
      </Section>

      <Section section={PRIVACY.seguranca} level={level}>
        <ul className="legal-list">
          <li>todas as conexões com o portal são criptografadas (HTTPS);</li>
          <li>
            a sua senha é guardada de forma protegida, e nenhum dado pessoal fica gravado no seu navegador;
          </li>
          <li>tentativas de acesso e de recuperação de senha são limitadas, para barrar fraudes;</li>
          <li>
            somente pessoas autorizadas acessam os dados, e os nossos registros técnicos não guardam CPF,
            CNPJ, e-mail, telefone nem senha.
          </li>
        </ul>
        <p>
          Nenhum sistema é totalmente imune a incidentes. Se ocorrer um incidente de segurança que possa
          causar risco ou dano relevante a você, avisaremos você e a Autoridade Nacional de Proteção de Dados
          (ANPD), como exige a LGPD.
        </p>
        <p>
          Nunca compartilhe a sua senha: o Negocia Varejo não pede senhas nem códigos por telefone, e-mail,
          SMS ou WhatsApp.
        </p>
      </Section>

      <Section section={PRIVACY.direitos} level={level}>
        <p>
          A LGPD (art. 18) garante a você, <strong>gratuitamente</strong>, o direito de:
        </p>
        <ul className="legal-list">
          <li>confirmação da existência de tratamento dos seus dados;</li>
          <li>acesso aos seus dados;</li>
          <li>correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>
            anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desacordo
            com a lei;
          </li>
          <li>portabilidade dos dados a outro fornecedor de serviço ou produto;</li>
          <li>eliminação dos dados tratados com o seu consentimento;</li>
          <li>
            informação sobre as entidades públicas e privadas com as quais compartilhamos os seus dados;
          </li>
          <li>
            informação sobre a possibilidade de não dar o consentimento e sobre as consequências da recusa;
          </li>
          <li>revogação do consentimento, a qualquer momento.</li>
        </ul>
        <p>
          Você também pode apresentar uma petição (reclamação) à Autoridade Nacional de Proteção de Dados
          (ANPD), pelo site <span className="legal-nowrap">www.gov.br/anpd</span>.
        </p>
        <Subheading level={level}>Como exercer os seus direitos</Subheading>
        <ul className="legal-list">
          <li>
            em <strong>Mais opções &gt; Editar perfil</strong>, você mesmo corrige os seus dados ou exclui o
            seu cadastro, a qualquer momento;
          </li>
          <li>
            para os demais pedidos, inclusive a revogação do consentimento, escreva para{' '}
            <Mail address={DPO_EMAIL} />, de preferência a partir do e-mail cadastrado.
          </li>
        </ul>
        <p>
          Revogar o consentimento é gratuito e não afeta os seus acordos. Para proteger você, podemos pedir
          informações que confirmem a sua identidade antes de atender ao pedido. Respondemos em até 15 dias.
        </p>
      </Section>

      <Section section={PRIVACY.contato} level={level}>
        <dl className="legal-contacts">
          <div>
            <dt>Controladora</dt>
            <dd>
              {CONTROLLER}, CNPJ {CONTROLLER_CNPJ}, {CONTROLLER_ADDRESS}.
            </dd>
          </div>
          <div>
            <dt>Encarregado pelo tratamento de dados pessoais (DPO)</dt>
            <dd>
              <Mail address={DPO_EMAIL} />
            </dd>
          </div>
          <div>
            <dt>Central de atendimento (ligação gratuita)</dt>
            <dd>
              <Phone />, {HOURS}
            </dd>
          </div>
          <div>
            <dt>E-mail de atendimento</dt>
            <dd>
              <Mail address={SERVICE_EMAIL} />
            </dd>
          </div>
        </dl>
      </Section>
    </div>
  );
}

/** 'Termos de Uso' (updated 20/03/2021): the rules of the free self-service negotiation. */
export function TermsOfUseText({ headingLevel = 2 }: LegalTextProps) {
  const level = headingLevel;
  return (
    <div className="legal-text">
      <Updated dateTime="2021-03-20">20/03/2021</Updated>
      <p>
        Estes Termos de Uso regulam o uso do portal Negocia Varejo. Ao se cadastrar ou usar o portal, você
        declara que leu e aceita estas condições e o Aviso de Privacidade, que faz parte delas. Se tiver
        dúvidas, fale com a nossa central antes de continuar.
      </p>

      <Section section={TERMS.servico} level={level}>
        <p>
          O Negocia Varejo é um portal <strong>gratuito</strong> de autoatendimento da {CONTROLLER} (CNPJ{' '}
          {CONTROLLER_CNPJ}), no qual você consulta e negocia pela internet as suas dívidas com os credores
          parceiros: lojas e empresas do varejo.
        </p>
        <p>
          A ACCV atua como <strong>intermediária</strong>. As dívidas pertencem aos credores, e são eles que
          definem as ofertas: valores, descontos, número de parcelas, datas de vencimento e formas de
          pagamento. Por isso as propostas variam de um credor para outro e podem mudar com o tempo.
        </p>
        <p>
          Só aparecem no portal dívidas com credores parceiros. Consultar não gera cobrança nem obrigação:
          você só se compromete quando confirma um acordo.
        </p>
      </Section>

      <Section section={TERMS.cadastro} level={level}>
        <ul className="legal-list">
          <li>
            para negociar, você precisa de um cadastro com o seu CPF ou com o CNPJ da sua empresa. O cadastro
            é pessoal e intransferível, e quem cadastra uma empresa declara ter poderes para representá-la;
          </li>
          <li>
            ao concluir o cadastro, você recebe uma senha provisória por e-mail e SMS. Recomendamos trocá-la
            em <strong>Mais opções &gt; Alterar senha</strong> por uma senha só sua, que você não use em
            outros sites;
          </li>
          <li>
            você é responsável por manter a sua senha em sigilo e pelo que for feito com ela. Não a informe a
            ninguém, nem a quem disser que trabalha para o portal ou para um credor;
          </li>
          <li>
            se suspeitar que outra pessoa conhece a sua senha, troque-a na hora e avise a nossa central;
          </li>
          <li>
            você pode excluir o seu cadastro quando quiser, em <strong>Mais opções &gt; Editar perfil</strong>
            . Os acordos já formalizados continuam valendo.
          </li>
        </ul>
      </Section>

      <Section section={TERMS.dados} level={level}>
        <p>
          Informe dados verdadeiros, completos e atualizados, e mantenha-os assim: é pelo e-mail e pelo
          celular cadastrados que enviamos senhas, boletos e avisos.
        </p>
        <p>
          É proibido usar dados de outra pessoa ou tentar acessar dívidas que não são suas. Cadastros com
          dados falsos ou usados de forma indevida podem ser bloqueados, sem prejuízo das medidas legais
          cabíveis.
        </p>
      </Section>

      <Section section={TERMS.acordos} level={level}>
        <ul className="legal-list">
          <li>
            o acordo é formalizado quando você confirma o resumo da negociação. Antes de confirmar, confira
            valores, número de parcelas, datas e forma de pagamento;
          </li>
          <li>
            <strong>cada parcela tem o seu próprio boleto</strong>, que deve ser pago separadamente até a data
            de vencimento. A segunda via pode ser emitida no próprio portal;
          </li>
          <li>
            depois do vencimento, o boleto pode não ser mais aceito, e o pagamento passa a seguir as regras do
            credor, como juros ou a emissão de um novo boleto;
          </li>
          <li>
            se uma parcela não for paga, o acordo pode ser cancelado (quebrado), conforme as regras do credor.
            A dívida, então, pode voltar às condições anteriores ao acordo, abatidos os valores já pagos;
          </li>
          <li>
            a confirmação do pagamento por boleto pode levar até 3 dias úteis; pelo PIX, costuma ser imediata.
            A atualização da dívida e a retirada do seu nome dos cadastros de inadimplentes cabem ao credor,
            nos prazos da lei.
          </li>
        </ul>
      </Section>

      <Section section={TERMS.custos} level={level}>
        <p>
          O uso do portal é gratuito. A ACCV <strong>não cobra nenhuma taxa do consumidor</strong> para
          consultar, negociar ou emitir boletos: você paga apenas os valores do acordo, definidos pelo credor.
        </p>
      </Section>

      <Section section={TERMS.golpes} level={level}>
        <ul className="legal-list">
          <li>
            o Negocia Varejo <strong>nunca pede pagamentos em contas de pessoas físicas</strong>, nem
            depósitos ou transferências para contas pessoais;
          </li>
          <li>
            antes de pagar um boleto ou um PIX, confira se o beneficiário é o credor da sua dívida ou a
            instituição de pagamento indicada no acordo, e se o valor e o vencimento são os do seu acordo;
          </li>
          <li>
            não pedimos a sua senha, códigos recebidos por SMS ou dados de cartão por telefone, e-mail,
            WhatsApp ou redes sociais;
          </li>
          <li>
            digite o endereço do portal no navegador e desconfie de links recebidos por mensagem. Na dúvida,
            ligue para a central <Phone /> antes de pagar.
          </li>
        </ul>
      </Section>

      <Section section={TERMS.disponibilidade} level={level}>
        <p>
          Trabalhamos para manter o portal no ar 24 horas por dia, mas ele pode ficar indisponível por
          manutenção, falhas técnicas ou instabilidade nos sistemas dos credores. Nesses casos, tente
          novamente mais tarde ou fale com a nossa central: <Phone />, {HOURS}, ou pelo e-mail{' '}
          <Mail address={SERVICE_EMAIL} />.
        </p>
      </Section>

      <Section section={TERMS.alteracoes} level={level}>
        <p>
          Podemos atualizar estes termos. A versão em vigor fica sempre publicada no portal, com a data da
          última atualização, e mudanças importantes serão avisadas a você. Os acordos já formalizados
          continuam regidos pelas condições aceitas quando foram feitos.
        </p>
      </Section>

      <Section section={TERMS.lei} level={level}>
        <p>
          Estes termos seguem as leis brasileiras, em especial o Código de Defesa do Consumidor (Lei nº
          8.078/1990) e a LGPD. Qualquer disputa será resolvida no foro do domicílio do consumidor.
        </p>
        <p>
          Antes disso, se preferir, procure a nossa central. Você também pode recorrer ao Procon da sua cidade
          ou à plataforma consumidor.gov.br.
        </p>
      </Section>
    </div>
  );
}
