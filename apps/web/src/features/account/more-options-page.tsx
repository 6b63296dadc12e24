import { lazy, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BackLink } from '../../components/ui/back-link';
import {
  CheckIcon,
  ClockIcon,
  InfoIcon,
  KeyIcon,
  MailIcon,
  QuestionIcon,
  ShieldIcon,
  StarIcon,
  UserIcon,
} from '../../components/ui/icons';
import { OnDemand } from '../../components/ui/on-demand';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import './account.css';

// The modals not on the first screen: their code is fetched when they first open.
const RatingModal = lazy(() =>
  import('../../components/rating-modal').then((m) => ({ default: m.RatingModal })),
);

interface Tile {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
}

/** The tiles of 'Mais opções', in their fixed order: the account's activity after the original six. */
const TILES: readonly Tile[] = [
  {
    to: paths.editarPerfil,
    title: 'Editar perfil',
    text: 'Seus dados, contatos e endereço.',
    icon: <UserIcon />,
  },
  { to: paths.novaSenha, title: 'Alterar senha', text: 'Troque a senha de acesso.', icon: <KeyIcon /> },
  { to: paths.faq, title: 'FAQ', text: 'Perguntas frequentes.', icon: <QuestionIcon /> },
  { to: paths.sobre, title: 'Sobre', text: 'Quem somos e o que é o portal.', icon: <InfoIcon /> },
  {
    to: paths.notificacoes,
    title: 'Notificações',
    text: 'Ofertas e novidades: receber ou não.',
    icon: <MailIcon />,
  },
  {
    to: paths.politica,
    title: 'Aviso de Privacidade',
    text: 'Como cuidamos dos seus dados.',
    icon: <ShieldIcon />,
  },
  {
    to: paths.atividade,
    title: 'Atividade da conta',
    text: 'Entradas e mudanças recentes na sua conta.',
    icon: <ClockIcon />,
  },
];

/** /mais-opcoes: the account's other pages as tiles, and the portal's rating. */
export function MoreOptionsPage() {
  usePageTitle('Mais opções');
  const [rating, setRating] = useState(false);
  const [rated, setRated] = useState(false);
  const rateButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="page">
      <BackLink to={paths.minhaConta} label="Minha conta" />
      <h1 className="page-title" tabIndex={-1}>
        Mais opções
      </h1>
      <ul className="option-grid" aria-label="Opções da conta">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="option-tile">
              <span className="option-tile-icon">{tile.icon}</span>
              <span className="option-tile-title">{tile.title}</span>
              <span className="option-tile-text">{tile.text}</span>
            </Link>
          </li>
        ))}
        <li>
          <button ref={rateButton} type="button" className="option-tile" onClick={() => setRating(true)}>
            <span className="option-tile-icon">{rated ? <CheckIcon /> : <StarIcon />}</span>
            <span className="option-tile-title">Avaliar o portal</span>
            <span className="option-tile-text">
              {rated
                ? 'Obrigado! Você pode avaliar de novo quando quiser.'
                : 'Conte como foi a sua experiência.'}
            </span>
          </button>
        </li>
      </ul>
      <OnDemand when={rating}>
        <RatingModal open={rating} onClose={() => setRating(false)} onRated={() => setRated(true)} />
      </OnDemand>
    </div>
  );
}
