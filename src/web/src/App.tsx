/** Picks the page for the address. */
import { BuilderPage } from './builder/BuilderPage.tsx';
import { GmPage } from './pages/GmPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { JoinPage } from './pages/JoinPage.tsx';
import { PlayerPage } from './pages/PlayerPage.tsx';
import { useRoute } from './route.ts';

export function App() {
  const route = useRoute();
  switch (route.page) {
    case 'gm':
      return <GmPage key={route.table} tableId={route.table} linkToken={route.token} />;
    case 'join':
      return <JoinPage invite={route.invite} />;
    case 'build':
      return <BuilderPage key={`${route.table}/${route.example ?? ''}/${route.saved ?? ''}`} tableId={route.table} example={route.example} saved={route.saved} />;
    case 'play':
      return <PlayerPage key={route.table} tableId={route.table} />;
    default:
      return <HomePage />;
  }
}
