import { paths } from './paths';

/** The home page's sections, in page order: their ids are the anchors of the header and the footer. */
export const HOME_SECTIONS = [
  { id: 'inicio', label: 'Início' },
  { id: 'parceiros', label: 'Parceiros' },
  { id: 'beneficios', label: 'Benefícios' },
  { id: 'como-funciona', label: 'Como funciona' },
  { id: 'depoimentos', label: 'Depoimentos' },
] as const;

type HomeSectionId = (typeof HOME_SECTIONS)[number]['id'];

/** '/#parceiros': works from the home page and from any other page. */
export function homeAnchor(id: HomeSectionId): string {
  return `${paths.home}#${id}`;
}
