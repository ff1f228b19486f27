// Linted as web/src/features/home/routes/fixture.tsx: a feature importing the app's composition.
import { router } from '@/app/router';

export const fixture = router;
