import { memo } from 'react';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { ALL_VIDEOS_CATEGORY_ID, BOOKS_CATEGORY_ID, type ProductListItem } from '@contracts/catalog';
import { SubscribeMenu } from '@/components/subscribe-menu';
import { useElearningProduct } from '../use-elearning-product';
import { useFeatured } from '../use-featured';
import { usePackages } from '../use-packages';
import { HomeCard, LearnMore } from './home-card';

/** The Meetings category of the demo catalog (categories.csv): the meeting registrations. */
const MEETINGS_CATEGORY_ID = 30;

// Stable pickers (module level), so a card re-renders only when its own query answers.
const withCredits = (items: ProductListItem[]) => items.filter((p) => p.CREDITS > 0).slice(0, 3);
const nextThree = (items: ProductListItem[]) => items.slice(3, 6);
const firstId = (items: ProductListItem[]) => items[0]?.ID;

type OnAdded = (message: string) => void;

// Each card reads its own data: one answer re-renders one card, not the page (less main-thread work).

export const CompleteCard = memo(function CompleteCard({ onAdded }: { onAdded: OnAdded }) {
  const { complete } = usePackages();
  const featured = useFeatured(ALL_VIDEOS_CATEGORY_ID);
  return (
    <HomeCard
      title="Complete"
      text="Every operative video in streaming plus the full eLearning curriculum, in one yearly subscription."
      imageOf={complete?.ID}
      eager
      featured={featured}
      actions={
        <>
          <LearnMore to="/static/qmp-complete-info" what="Complete" />
          <SubscribeMenu label="Complete" product={complete} onAdded={onAdded} />
        </>
      }
    />
  );
});

export const ElearningCard = memo(function ElearningCard({ onAdded, open }: { onAdded: OnAdded; open: boolean }) {
  const elearning = useElearningProduct();
  return (
    <HomeCard
      title="eLearning"
      text="Structured courses with narrated cases and self-assessment, available on any device."
      imageOf={elearning.product?.ID}
      featured={elearning.courses}
      actions={
        <>
          <LearnMore to="/static/elearning-details" what="eLearning" />
          {open ? (
            <Button variant="contained" component={RouterLink} to="/streaming" aria-label="Open eLearning">
              Open
            </Button>
          ) : (
            <SubscribeMenu label="eLearning" product={elearning.product} onAdded={onAdded} />
          )}
        </>
      }
    />
  );
});

export const BooksCard = memo(function BooksCard() {
  const featured = useFeatured(BOOKS_CATEGORY_ID);
  return (
    <HomeCard
      title="Books"
      text="Atlases and textbooks in print, each with its companion videos for streaming."
      imageOf={firstId(featured.items)}
      featured={featured}
      actions={
        <>
          <LearnMore to="/static/qmp-book-info" what="Books" />
          <Button variant="contained" component={RouterLink} to="/products/14">
            Shop Books
          </Button>
        </>
      }
    />
  );
});

export const MeetingsCard = memo(function MeetingsCard() {
  const featured = useFeatured(MEETINGS_CATEGORY_ID);
  return (
    <HomeCard
      title="Meetings"
      text="Symposia and master classes, in person and virtual, with the faculty behind the videos."
      imageOf={firstId(featured.items)}
      featured={featured}
      actions={<LearnMore to="/meeting/list" what="Meetings" />}
    />
  );
});

export const CmeCard = memo(function CmeCard({ onAdded, open }: { onAdded: OnAdded; open: boolean }) {
  const { cme } = usePackages();
  const featured = useFeatured(ALL_VIDEOS_CATEGORY_ID, withCredits);
  return (
    <HomeCard
      title="CME"
      text="Up to 20 AMA PRA Category 1 credits per calendar year, earned while you watch."
      imageOf={cme?.ID}
      featured={featured}
      actions={
        <>
          <LearnMore to="/static/qmp-cme-details" what="CME" />
          {open ? (
            <Button variant="contained" component={RouterLink} to="/cme-center">
              Open CME Center
            </Button>
          ) : (
            <SubscribeMenu label="CME" product={cme} onAdded={onAdded} />
          )}
        </>
      }
    />
  );
});

export const VideosCard = memo(function VideosCard() {
  const featured = useFeatured(ALL_VIDEOS_CATEGORY_ID, nextThree);
  return (
    <HomeCard
      title="Videos"
      text="Individual operative video series by technique, to buy once and stream for good."
      imageOf={firstId(featured.items)}
      featured={featured}
      actions={<LearnMore to="/products/0" what="Videos" />}
    />
  );
});
