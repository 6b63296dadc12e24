import type { VerificationResult } from '@portal/contracts/procedures/verification';
import { VERIFY_PDF_PATH } from '@portal/contracts/verification-pdf';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import type { SessionView } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import { PDF_MESSAGES } from './pdf-upload';

const LABEL = 'Linha digitável, código de barras ou PIX Copia e Cola';
const BOLETO = '23793.38128 60000.000003 00000.000406 1 84340000015000';

const NAO_PAGUE: VerificationResult = {
  tipo: 'boleto',
  veredito: 'nao-pague',
  titulo: 'O banco deste boleto não é o de nenhuma empresa parceira.',
  motivos: ['O beneficiário não recebe pelas empresas parceiras.', 'O valor difere do de seus acordos.'],
  campos: [
    { campo: 'Banco', valor: '237 · Bradesco', situacao: 'erro', nota: 'Nenhuma parceira recebe por ele.' },
    { campo: 'Vencimento', valor: '10/07/2026', situacao: 'aviso', nota: 'Vence daqui a mais de 60 dias.' },
    { campo: 'Valor', valor: 'R$ 150,00', situacao: 'ok' },
    { campo: 'Tipo', valor: 'Boleto de cobrança', situacao: 'info' },
  ],
};

const CONFERE: VerificationResult = {
  tipo: 'pix',
  veredito: 'confere',
  titulo: 'Este PIX é da Loja Exemplo, pelo canal oficial dela.',
  motivos: [],
  campos: [{ campo: 'Chave PIX', valor: 'pix@lojaexemplo.example', situacao: 'ok' }],
  credor: 'Loja Exemplo',
};

const INVALIDO: VerificationResult = {
  tipo: 'desconhecido',
  veredito: 'invalido',
  titulo: 'Este texto não é uma linha digitável, um código de barras nem um PIX Copia e Cola.',
  motivos: [],
  campos: [],
};

function renderVerification(session: SessionView | null = null) {
  const user = userEvent.setup();
  return { user, ...renderApp(paths.verificar, { session }) };
}

function codeInput(): HTMLTextAreaElement {
  return screen.getByLabelText(LABEL) as HTMLTextAreaElement;
}

/** Pastes the code, as a visitor does with a code received by message, and asks for the check. */
async function verify(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(await screen.findByLabelText(LABEL));
  await user.paste(code);
  await user.click(screen.getByRole('button', { name: 'Verificar' }));
}

/** The region of the result, named by its verdict. */
async function resultRegion(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name });
  return { heading, region: screen.getByRole('region', { name }) };
}

/** A field of the result: its value and its situation, as the definition list gives them. */
function fieldOf(region: HTMLElement, campo: string) {
  const term = within(region).getByText(campo, { selector: 'dt' });
  const [value, status] = Array.from(term.parentElement?.querySelectorAll('dd') ?? []);
  return { value: value?.textContent, status: status?.textContent };
}

describe('/verificar-boleto-ou-pix', () => {
  it('opens for a signed-out visitor with its title, the explanation and the labelled field', async () => {
    installFakeBff();
    renderVerification();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verificar boleto ou PIX' })).toBeTruthy();
    expect(document.title).toBe('Verificar boleto ou PIX | Negocia Varejo');
    expect(screen.getByRole('main').textContent).toContain(
      'Recebeu um boleto ou um código PIX por WhatsApp, SMS ou e-mail? Cole aqui a linha digitável',
    );
    const input = codeInput();
    expect(input.tagName).toBe('TEXTAREA');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('spellcheck')).toBe('false');
  });

  it('is open to a signed-in user too, its back button leading to Minha conta', async () => {
    installFakeBff();
    renderVerification(MARIA);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verificar boleto ou PIX' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe(paths.minhaConta);
  });

  it('refuses an empty or blank code, says so under the field and sends nothing', async () => {
    const fake = installFakeBff();
    const { user } = renderVerification();
    await user.click(await screen.findByRole('button', { name: 'Verificar' }));

    const error = await screen.findByText(
      'Cole a linha digitável, o código de barras ou o PIX Copia e Cola.',
    );
    const input = codeInput();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.closest('p')?.id);
    expect(document.activeElement).toBe(input);

    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      screen.getByText('Cole a linha digitável, o código de barras ou o PIX Copia e Cola.'),
    ).toBeTruthy();
    expect(fake.callsTo('verification.check')).toHaveLength(0);
  });

  it('sends the code as pasted, trimmed, waits behind the spinner and keeps it out of the address', async () => {
    const reply = deferred<VerificationResult>();
    const fake = installFakeBff({ 'verification.check': () => reply.promise });
    const { user, router } = renderVerification();
    await verify(user, `  ${BOLETO}\n`);

    expect(await screen.findByRole('dialog', { name: 'Carregando...' })).toBeTruthy();
    expect(fake.callsTo('verification.check').map((call) => call.input)).toEqual([{ codigo: BOLETO }]);
    reply.resolve(CONFERE);

    await resultRegion(`Confere: ${CONFERE.titulo}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe(paths.verificar);
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toBeNull();
    expect(codeInput().value).toBe(`  ${BOLETO}\n`);
  });

  it("shows a 'nao-pague' verdict with its reasons, every field's situation and the 0800, and focuses it", async () => {
    installFakeBff({ 'verification.check': () => NAO_PAGUE });
    const { user } = renderVerification();
    await verify(user, BOLETO);

    const { heading, region } = await resultRegion(`Não pague: ${NAO_PAGUE.titulo}`);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(heading.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(region.textContent).not.toContain('Empresa parceira');

    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NAO_PAGUE.motivos);
    expect(fieldOf(region, 'Banco')).toEqual({
      value: '237 · Bradesco',
      status: 'Não confere Nenhuma parceira recebe por ele.',
    });
    expect(fieldOf(region, 'Vencimento')).toEqual({
      value: '10/07/2026',
      status: 'Atenção Vence daqui a mais de 60 dias.',
    });
    expect(fieldOf(region, 'Valor')).toEqual({ value: 'R$ 150,00', status: 'Confere' });
    expect(fieldOf(region, 'Tipo')).toEqual({ value: 'Boleto de cobrança', status: '—Sem conferência' });

    expect(region.textContent).toContain('Na dúvida, não pague. Fale com a nossa central: 0800 000 3634');
    expect(within(region).getByRole('link', { name: '0800 000 3634' }).getAttribute('href')).toBe(
      'tel:08000003634',
    );
  });

  it('takes the verdict away as soon as the code is edited, so it never stands beside another code', async () => {
    installFakeBff({ 'verification.check': () => CONFERE });
    const { user } = renderVerification();
    await verify(user, BOLETO);
    await resultRegion(`Confere: ${CONFERE.titulo}`);

    await user.type(codeInput(), '9');
    expect(screen.queryByRole('heading', { level: 2, name: `Confere: ${CONFERE.titulo}` })).toBeNull();
    expect(codeInput().value).toBe(`${BOLETO}9`);
  });

  it("shows a 'confere' verdict with the partner and without the 0800 warning", async () => {
    installFakeBff({ 'verification.check': () => CONFERE });
    const { user } = renderVerification(MARIA);
    await verify(user, '00020126580014br.gov.bcb.pix0136pix@lojaexemplo.example');

    const { heading, region } = await resultRegion(`Confere: ${CONFERE.titulo}`);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(region.textContent).toContain('Empresa parceira: Loja Exemplo');
    expect(fieldOf(region, 'Chave PIX')).toEqual({ value: 'pix@lojaexemplo.example', status: 'Confere' });
    expect(region.textContent).not.toContain('Na dúvida, não pague');
    expect(within(region).queryByRole('link')).toBeNull();
  });

  it("says 'Código não reconhecido' for a text that is no code, with the 0800 and no sign-in", async () => {
    installFakeBff({ 'verification.check': () => INVALIDO });
    const { user } = renderVerification();
    await verify(user, 'Olá, segue o seu boleto');

    const { region } = await resultRegion(`Código não reconhecido: ${INVALIDO.titulo}`);
    expect(within(region).getByRole('link', { name: '0800 000 3634' })).toBeTruthy();
    expect(within(region).queryByRole('link', { name: 'Entrar' })).toBeNull();
    expect(region.querySelector('dl')).toBeNull();
  });

  it('invites a signed-out visitor to sign in to match a boleto with their agreements, and leads to /login', async () => {
    installFakeBff({
      'verification.check': () => NAO_PAGUE,
      'auth.options': () => ({ googleClientId: null, googleScriptUrl: null }),
    });
    const { user, router } = renderVerification(null);
    await verify(user, BOLETO);

    const { region } = await resultRegion(`Não pague: ${NAO_PAGUE.titulo}`);
    expect(region.textContent).toContain(
      'Entre na sua conta para conferir se este código é de um acordo seu.',
    );
    await user.click(within(region).getByRole('link', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fazer login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it('does not invite a signed-in user to sign in', async () => {
    installFakeBff({ 'verification.check': () => NAO_PAGUE });
    const { user } = renderVerification(MARIA);
    await verify(user, BOLETO);

    const { region } = await resultRegion(`Não pague: ${NAO_PAGUE.titulo}`);
    expect(region.textContent).not.toContain('Entre na sua conta');
    expect(within(region).queryByRole('link', { name: 'Entrar' })).toBeNull();
  });

  it('shows a refused or failed check in the error modal and keeps what was pasted', async () => {
    installFakeBff({
      'verification.check': () => {
        throw new FakeTrpcError('TOO_MANY_REQUESTS', 'Muitas verificações seguidas. Aguarde alguns minutos.');
      },
    });
    const { user, router } = renderVerification();
    await verify(user, BOLETO);

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.getAttribute('data-modal')).toBe('modalError');
    expect(dialog.textContent).toContain('Muitas verificações seguidas. Aguarde alguns minutos.');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(codeInput().value).toBe(BOLETO);
    expect(within(screen.getByRole('main')).queryByRole('region')).toBeNull();
    expect(router.state.location.pathname).toBe(paths.verificar);
  });

  it('says a declaration of settlement is authentic, with what it declares, and no sign-in hint', async () => {
    installFakeBff({
      'verification.check': () => ({
        tipo: 'declaracao',
        veredito: 'confere',
        titulo: 'Esta declaração de quitação é autêntica: foi emitida por este portal.',
        motivos: [],
        campos: [{ campo: 'Credor', valor: 'Loja Exemplo', situacao: 'info' }],
        credor: 'Loja Exemplo',
      }),
    });
    const { user } = renderVerification();
    await verify(user, 'QT-7K2M-9XQ4-HB3D');
    const { region } = await resultRegion(
      'Autêntica: Esta declaração de quitação é autêntica: foi emitida por este portal.',
    );
    expect(within(region).queryByRole('link', { name: 'Entrar' })).toBeNull();
    expect(region.textContent).not.toContain('Na dúvida, não pague');
  });

  it('says a declaration code this portal never issued is not authentic, with the 0800', async () => {
    installFakeBff({
      'verification.check': () => ({
        tipo: 'declaracao',
        veredito: 'invalido',
        titulo: 'Não encontramos esta declaração.',
        motivos: [],
        campos: [],
      }),
    });
    const { user } = renderVerification();
    await verify(user, 'QT-0000-0000-0000');
    const { region } = await resultRegion('Não autêntica: Não encontramos esta declaração.');
    expect(within(region).getByRole('link', { name: '0800 000 3634' })).toBeTruthy();
  });

  describe('a boleto PDF', () => {
    /** The fake BFF, with the PDF route answered by `answer`; the requests it got. */
    function pdfRoute(answer: () => Response) {
      installFakeBff();
      const trpcFetch = globalThis.fetch;
      const sent: RequestInit[] = [];
      vi.stubGlobal('fetch', async (resource: string | URL | Request, init?: RequestInit) => {
        if (String(resource).endsWith(VERIFY_PDF_PATH)) {
          sent.push(init ?? {});
          return answer();
        }
        return trpcFetch(resource, init);
      });
      return sent;
    }
    const pdf = (size = 1000) => new File([new Uint8Array(size)], 'boleto.pdf', { type: 'application/pdf' });

    it('sends the chosen PDF as it is and shows its verdict, focused', async () => {
      const sent = pdfRoute(() => new Response(JSON.stringify(NAO_PAGUE), { status: 200 }));
      const { user } = renderVerification();
      const file = pdf();
      await user.upload(await screen.findByLabelText('Ou envie o PDF do boleto'), file);
      await user.click(screen.getByRole('button', { name: 'Verificar PDF' }));
      const { heading } = await resultRegion(`Não pague: ${NAO_PAGUE.titulo}`);
      await waitFor(() => expect(document.activeElement).toBe(heading));
      expect(sent).toHaveLength(1);
      expect(sent[0]?.method).toBe('POST');
      expect(new Headers(sent[0]?.headers).get('content-type')).toBe('application/pdf');
      expect(sent[0]?.body).toBe(file);
    });

    it('refuses no file, a file that is not a PDF and one over 2 MB before sending anything', async () => {
      const sent = pdfRoute(() => new Response('{}'));
      const { user } = renderVerification();
      const input = await screen.findByLabelText('Ou envie o PDF do boleto');
      const verifyPdf = screen.getByRole('button', { name: 'Verificar PDF' });
      await user.click(verifyPdf);
      expect((await screen.findByRole('alert')).textContent).toBe(PDF_MESSAGES.required);
      // a browser's file picker can be told to show every file
      await userEvent
        .setup({ applyAccept: false })
        .upload(input, new File(['x'], 'boleto.txt', { type: 'text/plain' }));
      await user.click(verifyPdf);
      expect((await screen.findByRole('alert')).textContent).toBe(PDF_MESSAGES.notPdf);
      await user.upload(input, pdf(2 * 1024 * 1024 + 1));
      await user.click(verifyPdf);
      expect((await screen.findByRole('alert')).textContent).toBe(PDF_MESSAGES.tooLarge);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(sent).toHaveLength(0);
    });

    it('shows the BFF’s message when it refuses the file', async () => {
      pdfRoute(
        () =>
          new Response(JSON.stringify({ error: { message: 'Muitas verificações seguidas.' } }), {
            status: 429,
          }),
      );
      const { user } = renderVerification();
      await user.upload(await screen.findByLabelText('Ou envie o PDF do boleto'), pdf());
      await user.click(screen.getByRole('button', { name: 'Verificar PDF' }));
      expect((await screen.findByRole('alertdialog')).textContent).toContain('Muitas verificações seguidas.');
    });
  });
});
