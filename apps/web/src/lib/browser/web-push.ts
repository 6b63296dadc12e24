/** How long the service worker may take to be ready before turning notifications on counts as failed. */
const READY_TIMEOUT_MS = 10_000;

/** A browser's push subscription as reminders.subscribe takes it. */
interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Whether this browser can show the portal's notifications: a service worker, Web Push and notifications. */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** A base64url key (the VAPID public key) as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

const sameKey = (kept: ArrayBuffer | null, key: Uint8Array) =>
  kept !== null && kept.byteLength === key.byteLength && new Uint8Array(kept).every((b, i) => b === key[i]);

function withinTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('service worker not ready')), READY_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * This browser's push subscription to the portal's key, after the person allows notifications: the one it
 * has, or a new one (a subscription to another key, from an earlier key pair, is replaced). Throws when
 * notifications are refused, or the browser cannot subscribe.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(`notifications: ${permission}`);
  const registration = await withinTimeout(navigator.serviceWorker.ready);
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('push subscription without keys');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}
