// The reminders' Web Push, imported by the generated service worker (sw.js, vite.config.ts's
// importScripts). Plain JavaScript without imports or eval: the CSP of sw.js allows only scripts of this
// origin.

/** Said when a message cannot be read: nothing personal, only that there is a reminder. */
const GENERIC_TEXT = 'Você tem um lembrete de parcela.';
const ICON = '/icons/icon-192.png';
/** A reminder's id, as reminders.target takes it. */
const REMINDER_ID = /^[A-Za-z0-9_-]{10,40}$/;

/** The message's fields when it has them all, as the BFF sends them; null for anything else. */
function readReminder(data) {
  try {
    const message = data ? data.json() : null;
    const { titulo, texto, lembrete } = message ?? {};
    if (typeof titulo !== 'string' || typeof texto !== 'string') return null;
    if (typeof lembrete !== 'string' || !REMINDER_ID.test(lembrete)) return null;
    return { titulo, texto, lembrete };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const reminder = readReminder(event.data);
  const shown = reminder
    ? self.registration.showNotification(reminder.titulo, {
        body: reminder.texto,
        tag: reminder.lembrete,
        icon: ICON,
        badge: ICON,
        data: { url: `/acordos?lembrete=${encodeURIComponent(reminder.lembrete)}` },
      })
    : self.registration.showNotification('Negocia Varejo', {
        body: GENERIC_TEXT,
        icon: ICON,
        badge: ICON,
        data: { url: '/minha-conta' },
      });
  event.waitUntil(shown);
});

/** The tap: a window of the portal already open is brought forward and taken there; otherwise a new one. */
async function openReminder(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    try {
      await open.focus();
    } catch {
      // focusing needs the tap's user activation; the navigation below does not
    }
    try {
      await open.navigate(url);
      return;
    } catch {
      // a window this worker does not control cannot be navigated from here: a new one instead
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  const path = data && typeof data.url === 'string' && /^\/(?!\/)/.test(data.url) ? data.url : '/minha-conta';
  event.waitUntil(openReminder(path));
});
