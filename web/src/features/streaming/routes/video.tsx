import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { NOT_AUTHORIZED, PLAYER_SETUP_DELAY_MS } from '@contracts/streaming';
import { AppLink } from '@/components/router-link';
import { TAP_TARGET } from '@/components/tap-target';
import { useViewer } from '@/lib/auth';
import { useAcceptTermsMutation, useStreamDetailQuery, useStreamVideoQuery } from '../api/streaming-api';
import { TermsBox } from '../components/terms-box';
import { useAutoplayNext } from '../components/use-autoplay-next';
import { PlayerPlaceholder } from '../components/player-frame';
import { preloadVideoPlayer, VideoPlayer } from '../components/video-player';
import { VideoSteps, type Step } from '../components/video-steps';
import { listPath, streamPath, videoPath, type ListContext } from '../paths';

const wholeId = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The player is set up 750 ms after load (signed-in section 4). */
function useDelayed(active: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => setReady(true), PLAYER_SETUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [active]);
  return ready;
}

/** Arriving from the end of the previous video with autoplay on (history state, not the address). */
const autoplayed = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { autoplay?: unknown }).autoplay === true;

/** The videos before and after this one in the product's list (the stream page's order). */
function useNeighbours(productId: number | null, videoId: number | null, context: ListContext) {
  const detail = useStreamDetailQuery(productId ?? skipToken);
  const titles = detail.data?.data.DATA.flatMap((group) => group.TITLES) ?? [];
  const at = titles.findIndex((title) => title.ID === videoId);
  const step = (index: number): Step | null => {
    const title = at < 0 ? undefined : titles[index];
    return title && productId !== null ? { to: videoPath(productId, title.ID, context), title: title.TITLE } : null;
  };
  return { previous: step(at - 1), next: step(at + 1) };
}

/** streams/details/{PRODUCTID}/{VIDEOID}: breadcrumb, title, the player or the Terms of Use box. */
export default function VideoRoute() {
  const params = useParams();
  const [query] = useSearchParams();
  const productId = wholeId(params.productId);
  const videoId = wholeId(params.videoId);
  const valid = productId !== null && videoId !== null;
  const result = useStreamVideoQuery(valid ? { productId, videoId } : skipToken);
  const [acceptTerms, acceptance] = useAcceptTermsMutation();
  const [termsFailed, setTermsFailed] = useState(false);
  const viewer = useViewer();
  const context: ListContext = { category: query.get('category'), search: query.get('search') };
  const location = useLocation();
  const navigate = useNavigate();
  const [autoplay, setAutoplay] = useAutoplayNext();
  const { previous, next } = useNeighbours(productId, videoId, context);

  const entry = result.data?.data[0];
  const video = entry?.VIDEOS[0];
  const confirm = result.data?.CONFIRM ?? false;
  // The player opens its own playback (its addresses and their access, renewed by its heartbeats).
  const playable = !confirm && Boolean(video);
  const ready = useDelayed(playable);
  useEffect(() => {
    if (playable) preloadVideoPlayer();
  }, [playable]);
  const { refetch } = result;

  const agree = () => {
    if (productId === null) return;
    acceptTerms(productId)
      .unwrap()
      .then(() => refetch())
      .catch(() => setTermsFailed(true));
  };

  const me = viewer.me;
  const viewerName = me ? [me.firstname, me.lastname].filter(Boolean).join(' ') || me.email : '';
  const failed = !valid || result.isError || termsFailed;
  const onEnded = () => {
    if (autoplay && next) void navigate(next.to, { state: { autoplay: true } });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1, '& ol': { flexWrap: 'wrap' } }}>
        <AppLink to={listPath(context)} sx={TAP_TARGET}>
          Videos
        </AppLink>
        {productId !== null ? (
          <AppLink to={streamPath(productId, context)} sx={{ ...TAP_TARGET, overflowWrap: 'anywhere' }}>
            {entry?.PRODUCTNAME ?? 'Stream'}
          </AppLink>
        ) : null}
        {video ? <Typography color="text.primary">{video.TITLE}</Typography> : null}
      </Breadcrumbs>
      {result.isLoading ? <LinearProgress aria-label="Loading video" /> : null}
      {failed ? (
        <Alert severity="warning" role="alert">
          {NOT_AUTHORIZED}
        </Alert>
      ) : null}
      {!failed && entry && video ? (
        <>
          <Typography
            variant="h4"
            component="h1"
            gutterBottom
            // Smaller on a phone: a three-line title pushed the player half a screen down.
            sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.5rem', sm: '2.125rem' } }}
          >
            {video.TITLE}
          </Typography>
          {confirm ? (
            <TermsBox
              html={result.data?.TERMS ?? ''}
              busy={acceptance.isLoading || result.isFetching}
              onAgree={agree}
            />
          ) : ready && productId !== null ? (
            <VideoPlayer
              key={productId}
              productId={productId}
              video={video}
              viewerName={viewerName}
              autoPlay={autoplayed(location.state)}
              onEnded={onEnded}
            />
          ) : (
            <PlayerPlaceholder viewerName={viewerName} />
          )}
          <VideoSteps previous={previous} next={next} autoplay={autoplay} onAutoplay={setAutoplay} />
        </>
      ) : null}
    </Container>
  );
}
