import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import {
  STREAM_LIST_CACHE_MS,
  type FavoritesResponse,
  type PlaybackRequest,
  type PlaybackResponse,
  type PlaybackStateResponse,
  type PlayerPreferences,
  type StreamDetailResponse,
  type StreamListResponse,
  type StreamVideoResponse,
  type TermsResponse,
  type UserHomeResponse,
  type VideoStartRequest,
  type ViewingResponse,
  type WatchReportRequest,
} from '@contracts/streaming';
import { api } from '@/lib/api';
import { selectToken } from '@/lib/session';

/** The screens show these failures themselves (the not-authorised warning) or ignore them (tracking). */
const own = { handlesOwnErrors: true } as const;
const CACHE_SECONDS = STREAM_LIST_CACHE_MS / 1000;

/**
 * What the viewer may watch and the player's sources (libs/contracts/streaming.ts). The list and the
 * user home are keyed by the session token (one account's shelf never shows for another), kept 10
 * minutes (signed-in section 9) and dropped by the `Streaming` tag, which a payment and a redeemed
 * code invalidate.
 */
export const streamingApi = api.injectEndpoints({
  endpoints: (build) => ({
    streamList: build.query<StreamListResponse, string>({
      query: () => '/streaming',
      providesTags: ['Streaming'],
      keepUnusedDataFor: CACHE_SECONDS,
    }),
    userHome: build.query<UserHomeResponse, string>({
      query: () => '/streaming/home',
      providesTags: ['Streaming'],
      keepUnusedDataFor: CACHE_SECONDS,
    }),
    streamDetail: build.query<StreamDetailResponse, number>({
      query: (id) => `/streaming/${id}`,
      providesTags: ['Streaming'],
      // Signed document URLs expire: a detail is fetched again when the screen is opened again.
      keepUnusedDataFor: 0,
      extraOptions: own,
    }),
    streamVideo: build.query<StreamVideoResponse, { productId: number; videoId: number }>({
      query: ({ productId, videoId }) => `/streaming/${productId}/videos/${videoId}`,
      keepUnusedDataFor: 0,
      extraOptions: own,
    }),
    acceptTerms: build.mutation<TermsResponse, number>({
      query: (productId) => ({ url: `/streaming/${productId}/terms`, method: 'POST', body: { PRODUCTID: productId } }),
      extraOptions: own,
    }),
    addFavorite: build.mutation<FavoritesResponse, number>({
      query: (productId) => ({ url: '/streaming/favorites', method: 'POST', body: { PRODUCTID: productId } }),
      extraOptions: own,
    }),
    removeFavorite: build.mutation<FavoritesResponse, number>({
      query: (productId) => ({ url: `/streaming/favorites/${productId}`, method: 'DELETE' }),
      extraOptions: own,
    }),
    startViewing: build.mutation<ViewingResponse, VideoStartRequest>({
      query: (body) => ({ url: '/streaming/viewings', method: 'POST', body }),
      extraOptions: own,
    }),
    openPlayback: build.mutation<PlaybackResponse, PlaybackRequest>({
      query: (body) => ({ url: '/streaming/playbacks', method: 'POST', body }),
      extraOptions: own,
    }),
    // The player's lease check: asked again each time (never cached); 409 once another device plays.
    playbackState: build.query<PlaybackStateResponse, string>({
      query: (viewingId) => `/streaming/playbacks/${encodeURIComponent(viewingId)}`,
      keepUnusedDataFor: 0,
      extraOptions: own,
    }),
    // Keyed by the session token: one account's preferences never show for another.
    playerPreferences: build.query<PlayerPreferences, string>({
      query: () => '/account/player',
      keepUnusedDataFor: 0,
      extraOptions: own,
    }),
    savePlayerPreferences: build.mutation<PlayerPreferences, PlayerPreferences>({
      query: (body) => ({ url: '/account/player', method: 'PUT', body }),
      extraOptions: own,
    }),
    reportViewing: build.mutation<ViewingResponse, { viewingId: string; report: WatchReportRequest }>({
      query: ({ viewingId, report }) => ({
        url: `/streaming/viewings/${encodeURIComponent(viewingId)}/progress`,
        method: 'POST',
        body: report,
      }),
      extraOptions: own,
    }),
  }),
});

export const {
  useStreamDetailQuery,
  useStreamVideoQuery,
  useAcceptTermsMutation,
  useAddFavoriteMutation,
  useRemoveFavoriteMutation,
  useStartViewingMutation,
  useReportViewingMutation,
  useOpenPlaybackMutation,
  useSavePlayerPreferencesMutation,
  useLazyPlaybackStateQuery,
} = streamingApi;

/** The signed-in account's player speed and captions (the defaults when the read fails). */
export function usePlayerPreferences() {
  const token = useSelector(selectToken);
  return streamingApi.usePlayerPreferencesQuery(token ?? skipToken, { refetchOnMountOrArgChange: true });
}

/** The streaming list of the signed-in customer; refetched when the cached copy is older than 10 minutes. */
export function useStreamList() {
  const token = useSelector(selectToken);
  return streamingApi.useStreamListQuery(token ?? skipToken, { refetchOnMountOrArgChange: CACHE_SECONDS });
}

export function useUserHome() {
  const token = useSelector(selectToken);
  return streamingApi.useUserHomeQuery(token ?? skipToken, { refetchOnMountOrArgChange: CACHE_SECONDS });
}

/** Writes the answered favourite ids into the cached list (signed-in section 4: "updates the cached list"). */
export function favoritesWritten(token: string, favorites: number[]) {
  return streamingApi.util.updateQueryData('streamList', token, (draft) => {
    draft.favorites = favorites;
  });
}
