import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { paths } from '../../app/paths';
import { DocumentInput } from '../../components/ui/document-input';
import { HandshakeIcon, SearchIcon, ShieldIcon } from '../../components/ui/icons';
import { usePageTitle } from '../../lib/page-title';
import { setPrefill } from '../../lib/prefill';
import { documentField } from '../../lib/schemas';

const consultSchema = z.object({ cpfCnpj: documentField });

const STEPS = [
  {
    icon: <SearchIcon />,
    title: 'Consulte',
    text: 'Informe o seu CPF ou CNPJ e veja as dívidas com as lojas parceiras.',
  },
  {
    icon: <HandshakeIcon />,
    title: 'Negocie',
    text: 'Escolha a proposta que cabe no seu bolso, à vista ou parcelada.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Fique em dia',
    text: 'Pague o boleto do acordo com segurança, sem sair de casa.',
  },
] as const;

export function HomePage() {
  usePageTitle('Negocie suas dívidas');
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<
    z.input<typeof consultSchema>,
    unknown,
    z.output<typeof consultSchema>
  >({ resolver: zodResolver(consultSchema), defaultValues: { cpfCnpj: '' } });

  // The document goes to the login page in memory: never in the URL, history or storage.
  const consult = handleSubmit(({ cpfCnpj }) => {
    setPrefill(cpfCnpj);
    navigate(paths.login);
  });

  return (
    <>
      <section className="hero" aria-labelledby="home-titulo">
        <div className="hero-inner">
          <div className="hero-copy">
            <h1 id="home-titulo" className="hero-title" tabIndex={-1}>
              Negocie suas dívidas com segurança e sem sair de casa
            </h1>
            <p className="hero-text">
              Consulte grátis as suas dívidas com as lojas parceiras e encontre condições especiais para ficar
              em dia.
            </p>
          </div>
          <form className="hero-form card" noValidate onSubmit={consult}>
            <Controller
              control={control}
              name="cpfCnpj"
              render={({ field, fieldState }) => (
                <DocumentInput
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <button type="submit" className="btn btn-accent btn-block">
              Consultar grátis
            </button>
            <p className="hero-form-note">
              <ShieldIcon className="icon-sm" />
              Seus dados são protegidos e usados só para a consulta.
            </p>
          </form>
        </div>
      </section>

      <section className="section" aria-labelledby="como-funciona">
        <div className="container">
          <h2 id="como-funciona" className="section-title">
            Como funciona
          </h2>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step-icon">{step.icon}</span>
                <h3 className="step-title">
                  <span className="step-number">{index + 1}.</span> {step.title}
                </h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
