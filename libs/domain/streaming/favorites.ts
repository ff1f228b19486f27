import type { Decider, DomainEvent } from '../kernel/decider.js';

/**
 * A customer's favourite stream products, stream `favorites-{customerId}` (signed-in sections 2 and 4).
 * Adding a favourite twice, or removing one that is not there, appends nothing.
 */
export type FavoriteAdded = DomainEvent<'FavoriteAdded', { customerId: string; productId: number; addedAt: string }>;
export type FavoriteRemoved = DomainEvent<
  'FavoriteRemoved',
  { customerId: string; productId: number; removedAt: string }
>;
export type FavoriteEvent = FavoriteAdded | FavoriteRemoved;

export const FAVORITE_EVENT_TYPES = [
  'FavoriteAdded',
  'FavoriteRemoved',
] as const satisfies readonly FavoriteEvent['type'][];

export const favoritesStreamId = (customerId: string): string => `favorites-${customerId}`;

export type FavoriteCommand =
  | { type: 'AddFavorite'; customerId: string; productId: number; now: string }
  | { type: 'RemoveFavorite'; customerId: string; productId: number; now: string };

export interface Favorites {
  productIds: readonly number[];
}

export const initialFavorites: Favorites = { productIds: [] };

export function decide(command: FavoriteCommand, state: Favorites): FavoriteEvent[] {
  const held = state.productIds.includes(command.productId);
  const ids = { customerId: command.customerId, productId: command.productId };
  switch (command.type) {
    case 'AddFavorite':
      return held ? [] : [{ type: 'FavoriteAdded', data: { ...ids, addedAt: command.now } }];
    case 'RemoveFavorite':
      return held ? [{ type: 'FavoriteRemoved', data: { ...ids, removedAt: command.now } }] : [];
  }
}

export function evolve(state: Favorites, event: FavoriteEvent): Favorites {
  switch (event.type) {
    case 'FavoriteAdded':
      return { productIds: [...state.productIds, event.data.productId] };
    case 'FavoriteRemoved':
      return { productIds: state.productIds.filter((id) => id !== event.data.productId) };
    default:
      return state;
  }
}

export const favoritesDecider: Decider<FavoriteCommand, Favorites, FavoriteEvent> = {
  initialState: initialFavorites,
  decide,
  evolve,
};
