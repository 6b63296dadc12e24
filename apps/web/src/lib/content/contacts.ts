/** The association's service contacts (the footer and /erro-efetivacao); one place for every page. */
export const CENTRAL_PHONE = '0800 000 3634';
export const CENTRAL_PHONE_HREF = `tel:${CENTRAL_PHONE.replace(/\D/g, '')}`;
export const SERVICE_EMAIL = 'atendimento@negociavarejo.example';
export const COMMERCIAL_EMAIL = 'comercial@negociavarejo.example';
export const DPO_EMAIL = 'privacidade@negociavarejo.example';
/** Mon–Fri 09:00–21:00 and Saturday 09:00–13:00, Brasília time. */
export const SERVICE_HOURS = 'Segunda a sexta, das 9h às 21h, e sábado, das 9h às 13h (horário de Brasília)';
