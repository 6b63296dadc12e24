import { useEffect } from 'react';
import { IslandProviders } from '../lib/api/island-providers';
import { useSession } from '../lib/api/session';
import { useHandOverHere } from '../lib/navigation/hand-over';
import { useSiteLocation } from '../lib/navigation/site-navigation';
import { useTrackPageViews } from '../lib/tracking/tracking';

/**
 * The home entry's part of the root layout, loaded after the page hydrates: the session is asked for
 * (a signed-in user, whom the BFF could not tell, goes on into the app, whose guard takes them to Minha
 * conta) and the visit goes to the trail as in the app.
 */
function HomeSessionWatch() {
  const { status } = useSession();
  const handOverHere = useHandOverHere();
  useTrackPageViews(useSiteLocation().pathname);
  useEffect(() => {
    if (status === 'signed-in') handOverHere();
  }, [status, handOverHere]);
  return null;
}

export default function HomeSession() {
  return (
    <IslandProviders>
      <HomeSessionWatch />
    </IslandProviders>
  );
}
